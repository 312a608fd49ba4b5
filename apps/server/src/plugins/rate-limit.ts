import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ANALYTICS_ADDRESS_EVENTS_PER_MINUTE,
  ANALYTICS_TAB_EVENTS_PER_MINUTE,
} from '@evcharge/domain/analytics';
import { AppError } from '@evcharge/domain/errors';
import { isApiPath } from './api-path';

export type RateLimits = {
  /** Requests per client address and minute on every route. */
  globalPerMinute: number;
  /** Per route and address on sign-in, sign-up and the password and e-mail links. */
  authPerMinute: number;
  /** Wrong passwords per client address and hour, over all logins (modules/auth/address-limit). */
  wrongPasswordsPerHour: number;
  /** Per driver, route and minute on what a driver writes for people to read (chat, reviews). */
  writePerMinute: number;
  /** Analytics batches per client address and minute (a tab sends one every 10 s at most). */
  analyticsPerMinute: number;
  /** Analytics events counted per browser tab (its visit id and address) and minute. */
  analyticsTabEventsPerMinute: number;
  /** Analytics events counted per client address and minute, all its tabs together. */
  analyticsAddressEventsPerMinute: number;
};

export const defaultRateLimits: RateLimits = {
  globalPerMinute: 600,
  authPerMinute: 20,
  wrongPasswordsPerHour: 100,
  writePerMinute: 20,
  analyticsPerMinute: 60,
  analyticsTabEventsPerMinute: ANALYTICS_TAB_EVENTS_PER_MINUTE,
  analyticsAddressEventsPerMinute: ANALYTICS_ADDRESS_EVENTS_PER_MINUTE,
};

export const MINUTE_MS = 60_000;

/**
 * The limits of one of `instances` processes that count on their own (INSTANCES without Redis):
 * each an equal share, rounded down, so that a client spread over all of them is never allowed
 * more than the limit in all (one each, for a limit below the number of instances). Counts
 * shared in Redis (REDIS_URL) keep the whole limit.
 */
export function limitsPerInstance(limits: RateLimits, instances: number): RateLimits {
  if (instances <= 1) return limits;
  const share = (limit: number) => Math.max(1, Math.floor(limit / instances));
  return Object.fromEntries(
    Object.entries(limits).map(([name, limit]) => [name, share(limit)]),
  ) as RateLimits;
}

/** The route config for the stricter limit on /auth endpoints that guess-prone clients hit. */
export function authRateLimit(limits: RateLimits) {
  return { max: limits.authPerMinute, timeWindow: MINUTE_MS };
}

/**
 * The route config for writing that people read (the support chat, reviews): counted per signed
 * in driver, not per address (drivers behind one carrier NAT share it), so it is checked after
 * the authentication (preParsing), before the body is validated.
 */
export function userWriteRateLimit(limits: RateLimits) {
  return {
    max: limits.writePerMinute,
    timeWindow: MINUTE_MS,
    hook: 'preValidation' as const,
    keyGenerator: (request: FastifyRequest) =>
      request.auth ? `user:${request.auth.user.id}` : request.ip,
  };
}

/**
 * Only the API is limited. The web app's files are not: one page load asks for dozens of them,
 * and drivers behind a mobile carrier's NAT share one address, so counting them would lock
 * a whole cell out of the app.
 */
export const isLimitedPath = isApiPath;

/** `redis`: counts shared by every instance on it (REDIS_URL); else this instance's memory. */
export async function registerRateLimit(
  app: FastifyInstance,
  limits: RateLimits,
  redis?: Redis,
): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    ...(redis ? { redis, nameSpace: 'evcharge:rate-limit:', skipOnError: true } : {}),
    max: limits.globalPerMinute,
    timeWindow: MINUTE_MS,
    allowList: (request) => !isLimitedPath(request.url),
    // The limit and what is left are said when it is reached (with retry-after), not on every
    // answer: no client of ours reads them, and three headers per answer cost the busiest
    // routes (the station list and map) measurable throughput.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    // Thrown to our error handler: 429 TOO_MANY_REQUESTS with the seconds to wait.
    errorResponseBuilder: (_request, context) =>
      new AppError('TOO_MANY_REQUESTS', {
        details: { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
}
