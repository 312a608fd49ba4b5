import type { FastifyInstance } from 'fastify';
import { changePassword } from '@evcharge/api/auth/change-password';
import { checkToken } from '@evcharge/api/auth/check-token';
import { confirmEmail, sendEmailConfirmation } from '@evcharge/api/auth/confirm-email';
import { logout } from '@evcharge/api/auth/logout';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { setPassword } from '@evcharge/api/auth/set-password';
import { signIn } from '@evcharge/api/auth/sign-in';
import { signUp } from '@evcharge/api/auth/sign-up';
import type { Deps } from '../../deps';
import { returnOrigin } from '../../http/origin';
import { route } from '../../http/route';
import { authRateLimit, MINUTE_MS, type RateLimits } from '../../plugins/rate-limit';
import type { Redis } from 'ioredis';
import { createAddressLimit, redisAddressLimit } from './address-limit';
import { userView } from '../users';
import * as recovery from './recovery';
import * as service from './service';

const ok = { ok: true as const };

export function authRoutes(
  app: FastifyInstance,
  deps: Deps,
  limits: RateLimits,
  redis?: Redis,
): void {
  const { db } = deps;
  // Endpoints that guess passwords, codes or links, or send mail, get the stricter limit.
  const strict = { rateLimit: authRateLimit(limits) };

  const wrongPasswords = redis
    ? redisAddressLimit(redis, limits.wrongPasswordsPerHour, 60 * MINUTE_MS)
    : createAddressLimit(limits.wrongPasswordsPerHour, 60 * MINUTE_MS);
  route(
    app,
    signIn,
    async ({ body, request }) =>
      service.signIn(deps, body, { ip: request.ip, limit: wrongPasswords }),
    strict,
  );

  route(
    app,
    signUp,
    async ({ body, request }) =>
      service.signUp(deps, body, returnOrigin(request, deps.config), request.brand),
    strict,
  );

  route(app, checkToken, async ({ auth }) => ({
    valid: true as const,
    user: await userView(db, auth.user),
  }));

  route(app, logout, async ({ auth }) => {
    await service.logout(deps, auth);
    return ok;
  });

  route(
    app,
    changePassword,
    async ({ auth, body }) => {
      await service.changePassword(deps, auth, body);
      return ok;
    },
    strict,
  );

  const resets = recovery.passwordResets(deps);
  app.addHook('onClose', resets.settled);
  route(
    app,
    resetPassword,
    async ({ body, request }) => {
      await resets.request(body, returnOrigin(request, deps.config), request.log);
      return ok;
    },
    strict,
  );

  route(
    app,
    setPassword,
    async ({ body }) => {
      await recovery.setPasswordFromMail(deps, body);
      return ok;
    },
    strict,
  );

  route(
    app,
    sendEmailConfirmation,
    async ({ auth, request }) => {
      if (auth.user.isEmailConfirmed) return { ok: true as const, sent: false };
      await service.sendEmailConfirmation(deps, auth.user, returnOrigin(request, deps.config));
      return { ok: true as const, sent: true };
    },
    strict,
  );

  route(
    app,
    confirmEmail,
    async ({ body }) => {
      await recovery.confirmEmail(deps, body);
      return ok;
    },
    strict,
  );
}
