import type { FastifyInstance } from 'fastify';
import {
  checkLoyaltyAvailable,
  createLoyaltyCard,
  deleteLoyaltyCard,
  listLoyaltyCards,
  listLoyaltyCompanies,
  updateLoyaltyCard,
} from '@evcharge/api/loyalty/loyalty';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import {
  createCard,
  deleteCard,
  isLoyaltyAvailable,
  listCards,
  listCompanies,
  updateCard,
} from './service';

// SPEC §7 Loyalty: GET /loyalty, /loyalty-company and /loyalty/check/available, POST /loyalty,
// PUT /loyalty/{Id}, DELETE /loyalty/{id}.

export function loyaltyRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, listLoyaltyCompanies, async () => ({ items: await listCompanies(db) }));
  route(app, checkLoyaltyAvailable, async () => ({ available: await isLoyaltyAvailable(db) }));
  route(app, listLoyaltyCards, async ({ auth }) => ({ items: await listCards(db, auth.user.id) }));
  route(app, createLoyaltyCard, async ({ auth, body }) => createCard(db, auth.user.id, body));
  route(app, updateLoyaltyCard, async ({ auth, params, body }) =>
    updateCard(db, auth.user.id, params.Id, body),
  );
  route(app, deleteLoyaltyCard, async ({ auth, params }) => {
    await deleteCard(db, auth.user.id, params.id);
    return { ok: true as const };
  });
}
