import { AppError } from '@evcharge/domain/errors';

import type { Redis } from 'ioredis';

// OWASP ASVS 2.2.1: beside the lock per login, a cap on wrong passwords per client address, so
// one address cannot try a common password on many logins. A window per address, started by its
// first wrong password; kept in memory like the rate limit (plugins/rate-limit.ts), or in Redis
// (REDIS_URL) so that several instances count together.

const MAX_ADDRESSES = 100_000;

export type AddressLimit = {
  /** Throws 429 TOO_MANY_REQUESTS with retryAfterSeconds once the address used its tries. */
  check: (address: string, now: Date) => Promise<void> | void;
  /** Counts one wrong password from the address. */
  fail: (address: string, now: Date) => Promise<void> | void;
};

const tooMany = (seconds: number) =>
  new AppError('TOO_MANY_REQUESTS', { details: { retryAfterSeconds: Math.max(1, seconds) } });

/** The same window in Redis, shared by every instance: a counter that expires with it. */
export function redisAddressLimit(redis: Redis, maxFailures: number, windowMs: number): AddressLimit {
  const key = (address: string) => `evcharge:wrong-passwords:${address}`;
  return {
    async check(address) {
      const [count, ttl] = await Promise.all([redis.get(key(address)), redis.pttl(key(address))]);
      if (count !== null && Number(count) >= maxFailures && ttl > 0) throw tooMany(Math.ceil(ttl / 1000));
    },
    async fail(address) {
      // The first failure starts the window; the others only count in it.
      const [[, count]] = (await redis.multi().incr(key(address)).exec()) as [[null, number]];
      if (count === 1) await redis.pexpire(key(address), windowMs);
    },
  };
}

export function createAddressLimit(maxFailures: number, windowMs: number): AddressLimit {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (address: string, now: number) => {
    const window = windows.get(address);
    if (window && window.endsAt > now) return window;
    windows.delete(address);
    return undefined;
  };
  return {
    check: (address, now) => {
      const window = live(address, now.getTime());
      if (window && window.count >= maxFailures) {
        throw tooMany(Math.ceil((window.endsAt - now.getTime()) / 1000));
      }
    },
    fail: (address, now) => {
      const window = live(address, now.getTime());
      if (window) {
        window.count += 1;
        return;
      }
      // Oldest first out: a Map iterates in insertion order.
      if (windows.size >= MAX_ADDRESSES) windows.delete(windows.keys().next().value as string);
      windows.set(address, { count: 1, endsAt: now.getTime() + windowMs });
    },
  };
}
