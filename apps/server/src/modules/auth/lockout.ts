import { LOGIN_MAX_FAILED_ATTEMPTS } from '@evcharge/domain/constants';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { sha256 } from '../../plugins/auth';
import { countWrongPassword, deleteLockout, findLockedUntil } from './lockout-repo';

// OWASP ASVS 2.2.1: wrong passwords lock the login for a while, longer each time, and the lock
// ends by itself, so nobody can keep a driver out for good by typing wrong passwords. SPEC §8:
// "Invalid login or password" counts the tries down; a locked login hears ACCOUNT_BLOCKED.

/** Minutes of the first, second, … lock of one login; the last repeats. */
export const LOCK_MINUTES = [1, 5, 15, 60, 240, 1440] as const;

/** The key of a login: unknown addresses count exactly as known ones (ASVS 2.2.1, 3.2). */
export function loginHash(email: string): string {
  return sha256(`login:${email.trim().toLowerCase()}`);
}

function blocked(lockedUntil: Date, now: Date): AppError {
  return new AppError('ACCOUNT_BLOCKED', {
    details: {
      unlocksAt: lockedUntil.toISOString(),
      retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)),
    },
  });
}

/** Throws ACCOUNT_BLOCKED (with when it unlocks) while the login is locked. */
export async function assertNotLocked(db: Db, hash: string, now: Date): Promise<void> {
  const lockedUntil = await findLockedUntil(db, hash);
  if (lockedUntil && lockedUntil > now) throw blocked(lockedUntil, now);
}

/**
 * Counts one wrong password in one statement, so parallel tries cannot pass the limit; the
 * last allowed one locks. Returns the error to answer: the tries left, or the lock.
 */
export async function recordWrongPassword(db: Db, hash: string, now: Date): Promise<AppError> {
  const max = LOGIN_MAX_FAILED_ATTEMPTS;
  const row = await countWrongPassword(db, { hash, now, max, lockMinutes: LOCK_MINUTES });
  if (!row) {
    const lockedUntil = await findLockedUntil(db, hash);
    return blocked(lockedUntil ?? now, now);
  }
  if (row.lockedUntil && row.lockedUntil > now) return blocked(row.lockedUntil, now);
  return new AppError('INVALID_CREDENTIALS', { details: { triesLeft: max - row.failedCount } });
}

/** A right password or a new one: the count and the growing lock start over. */
export async function clearLockout(db: Db, hash: string): Promise<void> {
  await deleteLockout(db, hash);
}
