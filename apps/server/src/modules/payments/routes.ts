import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getBalance, listBalanceOperations, payDebt, refundBalance, topUpBalance } from '@evcharge/api/payments/balance';
import { bindCard, deleteCard, listCards, setDefaultCard } from '@evcharge/api/payments/cards';
import { acquirerCallback, getPayment } from '@evcharge/api/payments/payments';
import { AppError } from '@evcharge/domain/errors';
import type { Deps } from '../../deps';
import { returnOrigin } from '../../http/origin';
import { route } from '../../http/route';
import { authRateLimit, type RateLimits } from '../../plugins/rate-limit';
import { balanceOperationsOf } from './operations-list';
import { balanceOf } from './balance';
import { cardsOf, removeCard, setDefault, startBinding } from './cards';
import { payDebt as payDebtOf } from './debt';
import { refund } from './refund';
import { onCallback, paymentOf } from './settlement';
import { topUp } from './top-up';

export function paymentRoutes(app: FastifyInstance, deps: Deps, limits: RateLimits): void {
  // Routes that reach the acquirer take the stricter limit: card testing is what fraud tries.
  const PAYMENT_RATE_LIMIT = authRateLimit(limits);
  route(app, listCards, async ({ auth }) => ({ items: await cardsOf(deps, auth.user.id) }));
  const origin = (request: FastifyRequest) => ({ origin: returnOrigin(request, deps.config) });
  route(app, bindCard, async ({ auth, request }) => startBinding(deps, auth.user, origin(request)), {
    rateLimit: PAYMENT_RATE_LIMIT,
  });
  route(app, setDefaultCard, async ({ auth, params }) => setDefault(deps, auth.user.id, params.id));
  route(app, deleteCard, async ({ auth, params }) => {
    await removeCard(deps, auth.user.id, params.id);
    return { ok: true as const };
  });

  route(app, getBalance, async ({ auth }) => balanceOf(deps, auth.user));
  route(app, listBalanceOperations, async ({ auth, query }) =>
    balanceOperationsOf(deps.db, auth.user.id, query),
  );
  route(app, topUpBalance, async ({ auth, body, request }) =>
    topUp(deps, auth.user, { ...body, ...origin(request) }), {
    rateLimit: PAYMENT_RATE_LIMIT,
  });
  route(app, refundBalance, async ({ auth, body }) => refund(deps, auth.user, body.amountMinor), {
    rateLimit: PAYMENT_RATE_LIMIT,
  });
  route(app, payDebt, async ({ auth, body, request }) =>
    payDebtOf(deps, auth.user, { ...body, ...origin(request) }), {
    rateLimit: PAYMENT_RATE_LIMIT,
  });

  route(app, getPayment, async ({ auth, params }) => paymentOf(deps, auth.user.id, params.id));
  route(app, acquirerCallback, async ({ params, request }) => {
    if (params.acquirer !== deps.acquirer.name) throw new AppError('NOT_FOUND');
    const paymentId = deps.acquirer.verifyCallback(request.rawJson ?? '', request.headers);
    if (!paymentId) throw new AppError('FORBIDDEN');
    await onCallback(deps, paymentId);
    return { ok: true as const };
  });
}
