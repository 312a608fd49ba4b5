import type { FastifyInstance } from 'fastify';
import {
  acceptPrivacyPolicy,
  deleteAccount as deleteAccountContract,
  deletionCheck,
} from '@evcharge/api/account/account';
import { getPerson, patchPerson, replacePerson } from '@evcharge/api/account/persons';
import type { Deps } from '../../deps';
import { returnOrigin } from '../../http/origin';
import { route } from '../../http/route';
import { authRateLimit, type RateLimits } from '../../plugins/rate-limit';
import { userView } from '../users';
import { acceptPolicy, deleteAccount, deletionState } from './account';
import { changePerson, personOf } from './persons';

/**
 * `accountClosing`: asked before a deletion, its answer called after it (app.ts: roaming
 * partners hear the driver's tokens are no longer valid, OCPI 2.2.1 §12).
 */
export function accountRoutes(
  app: FastifyInstance,
  deps: Deps,
  limits: RateLimits,
  accountClosing: (userId: string) => Promise<() => void> = async () => () => undefined,
): void {
  const { db } = deps;
  // Password checks get the stricter limit.
  const strict = { rateLimit: authRateLimit(limits) };

  route(app, getPerson, async ({ auth }) => personOf(auth.user));
  route(app, replacePerson, async ({ auth, body, request }) =>
    changePerson(deps, auth.user, body, returnOrigin(request, deps.config)),
  );
  route(app, patchPerson, async ({ auth, body, request }) =>
    changePerson(deps, auth.user, body, returnOrigin(request, deps.config)),
  );

  // The policy the driver was shown: the one of the host's brand (request.brand).
  route(app, acceptPrivacyPolicy, async ({ auth, body, request }) =>
    userView(
      db,
      await acceptPolicy(db, auth.user, body.version, request.brand.privacyPolicyVersion),
    ),
  );
  route(app, deletionCheck, async ({ auth }) => deletionState(db, auth.user));
  route(
    app,
    deleteAccountContract,
    async ({ auth, body }) => {
      const closed = await accountClosing(auth.user.id);
      await deleteAccount(db, auth.user, body.password, deps.acquirer, deps.now());
      closed();
      return { ok: true as const };
    },
    strict,
  );
}
