import type { FastifyInstance } from 'fastify';
import { getLanguages } from '@evcharge/api/users/get-languages';
import { getSelf } from '@evcharge/api/users/get-self';
import { updateLanguage } from '@evcharge/api/users/update-language';
import {
  DEFAULT_LANGUAGE,
  FALLBACK_LANGUAGE,
  languages,
  type Language,
} from '@evcharge/domain/constants';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { changeLanguage, userView } from './service';

export function userRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  route(app, getSelf, async ({ auth }) => userView(db, auth.user));

  const defaults: { default: Language; fallback: Language } = {
    default: DEFAULT_LANGUAGE,
    fallback: FALLBACK_LANGUAGE,
  };
  route(app, getLanguages, async () => ({ languages: [...languages], ...defaults }));

  route(app, updateLanguage, async ({ auth, params }) => {
    await changeLanguage(db, auth.user, params.lang);
    return { ok: true as const };
  });
}
