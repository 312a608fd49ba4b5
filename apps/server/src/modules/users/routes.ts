import type { FastifyInstance } from 'fastify';
import {
  acceptPrivacyPolicy,
  deleteAccount as deleteAccountContract,
  deletionCheck,
} from '@evcharge/api/persons/account';
import { addCompanyUser, checkUserId, listUsers } from '@evcharge/api/persons/members';
import { getPerson, patchPerson, replacePerson } from '@evcharge/api/persons/persons';
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
import { authRateLimit, type RateLimits } from '../../plugins/rate-limit';
import { acceptPolicy, deleteAccount, deletionState } from './account';
import { addCompanyMember, findUserForOwner, listVisibleUsers } from './members';
import { returnOrigin } from '../../http/origin';
import { changePerson, personOf } from './persons';
import { changeLanguage, userView } from './service';

export function userRoutes(app: FastifyInstance, deps: Deps, limits: RateLimits): void {
  const { db } = deps;
  // Password checks and address lookups get the stricter limit.
  const strict = { rateLimit: authRateLimit(limits) };

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

  route(app, getPerson, async ({ auth }) => personOf(auth.user));
  route(app, replacePerson, async ({ auth, body, request }) =>
    changePerson(deps, auth.user, body, returnOrigin(request, deps.config)),
  );
  route(app, patchPerson, async ({ auth, body, request }) =>
    changePerson(deps, auth.user, body, returnOrigin(request, deps.config)),
  );

  route(app, listUsers, async ({ auth }) => ({ items: await listVisibleUsers(db, auth.user) }));
  route(
    app,
    checkUserId,
    async ({ auth, query }) => findUserForOwner(db, auth.user, query.email),
    strict,
  );
  route(app, addCompanyUser, async ({ auth, body }) => addCompanyMember(db, auth.user, body));

  route(app, acceptPrivacyPolicy, async ({ auth, body }) =>
    userView(db, await acceptPolicy(db, auth.user, body.version, deps.brand.privacyPolicyVersion)),
  );
  route(app, deletionCheck, async ({ auth }) => deletionState(db, auth.user));
  route(
    app,
    deleteAccountContract,
    async ({ auth, body }) => {
      await deleteAccount(db, auth.user, body.password, deps.acquirer);
      return { ok: true as const };
    },
    strict,
  );
}
