import { AppError } from '@evcharge/domain/errors';

// OWASP ASVS 2.2.1: beside the lock per login, a cap on wrong passwords per client address, so
// one address cannot try a common password on many logins. Kept in memory like the rate limit
// (plugins/rate-limit.ts); a window per address, started by its first wrong password.

const MAX_ADDRESSES = 100_000;

export type AddressLimit = {
  /** Throws 429 TOO_MANY_REQUESTS with retryAfterSeconds once the address used its tries. */
  check: (address: string, now: Date) => void;
  /** Counts one wrong password from the address. */
  fail: (address: string, now: Date) => void;
};

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
        const seconds = Math.max(1, Math.ceil((window.endsAt - now.getTime()) / 1000));
        throw new AppError('TOO_MANY_REQUESTS', { details: { retryAfterSeconds: seconds } });
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
