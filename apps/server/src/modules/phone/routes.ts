import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkPhoneCode } from '@evcharge/api/phone/check-code';
import { confirmPhoneCode } from '@evcharge/api/phone/confirm-code';
import { inboundSms, SMS_INBOUND_SECRET_HEADER } from '@evcharge/api/phone/inbound-sms';
import { getPendingPhoneCode } from '@evcharge/api/phone/pending-code';
import { sendPhoneCode } from '@evcharge/api/phone/send-code';
import { AppError } from '@evcharge/domain/errors';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { authRateLimit, type RateLimits } from '../../plugins/rate-limit';
import { checkInboundSecret, receiveInboundSms } from './inbound';
import { checkCode, confirmCode, pendingCode, sendCode } from './service';

/** A 429 of ours also says when to come back in the standard header. */
async function withRetryAfter<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const seconds = error instanceof AppError ? error.details?.retryAfterSeconds : undefined;
    if (seconds !== undefined) reply.header('retry-after', String(seconds));
    throw error;
  }
}

export function phoneRoutes(app: FastifyInstance, deps: Deps, limits: RateLimits): void {
  // Sending codes and guessing them get the stricter per-address limit, as /auth does.
  const strict = { rateLimit: authRateLimit(limits) };

  route(
    app,
    sendPhoneCode,
    async ({ auth, body, reply }) => withRetryAfter(reply, () => sendCode(deps, auth.user, body)),
    strict,
  );

  route(
    app,
    confirmPhoneCode,
    async ({ auth, body, reply }) => ({
      ok: true as const,
      user: await withRetryAfter(reply, () => confirmCode(deps, auth.user, body)),
    }),
    strict,
  );

  // Polled every few seconds while the QR code is shown: the global limit is enough.
  route(app, checkPhoneCode, async ({ auth, body }) =>
    checkCode(deps, auth.user, body.verificationId),
  );

  // Read when the confirmation screen opens (a reload resumes its code): the global limit.
  route(app, getPendingPhoneCode, async ({ auth }) => pendingCode(deps, auth.user));

  // Without the gateway's secret the inbound SMS is a test door: only in demo mode.
  if (!deps.config.sms.inboundSecret && !deps.config.demoMode) return;
  route(
    app,
    inboundSms,
    async ({ body }) => ({ ok: true as const, isConfirmed: await receiveInboundSms(deps, body) }),
    {
      // The secret is checked before the body: a stranger learns nothing from our validation.
      preValidation: async (request) => {
        checkInboundSecret(deps, request.headers[SMS_INBOUND_SECRET_HEADER]);
      },
      // A gateway posts from few addresses; without a secret (development) the strict limit.
      ...(deps.config.sms.inboundSecret ? {} : strict),
    },
  );
}
