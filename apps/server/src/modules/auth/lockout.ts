import { eq, sql } from 'drizzle-orm';
import { LOGIN_MAX_FAILED_ATTEMPTS } from '@evcharge/domain/constants';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { loginLockouts } from '../../db/schema/users';
import { sha256 } from '../../plugins/auth';

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
  const [row] = await db
    .select({ lockedUntil: loginLockouts.lockedUntil })
    .from(loginLockouts)
    .where(eq(loginLockouts.loginHash, hash))
    .limit(1);
  if (row?.lockedUntil && row.lockedUntil > now) throw blocked(row.lockedUntil, now);
}

const lockMinutes = sql.raw(
  `(case least("login_lockouts"."lock_count", ${LOCK_MINUTES.length - 1}) ${LOCK_MINUTES.map(
    (minutes, index) => `when ${index} then ${minutes}`,
  ).join(' ')} end)`,
);

/**
 * Counts one wrong password in one statement, so parallel tries cannot pass the limit; the
 * last allowed one locks. Returns the error to answer: the tries left, or the lock.
 */
export async function recordWrongPassword(db: Db, hash: string, now: Date): Promise<AppError> {
  const max = LOGIN_MAX_FAILED_ATTEMPTS;
  const nowText = now.toISOString();
  const reachesMax = sql`"login_lockouts"."failed_count" + 1 >= ${max}`;
  const rows = await db
    .insert(loginLockouts)
    .values({ loginHash: hash, failedCount: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginLockouts.loginHash,
      set: {
        failedCount: sql`case when ${reachesMax} then 0 else "login_lockouts"."failed_count" + 1 end`,
        lockCount: sql`case when ${reachesMax} then "login_lockouts"."lock_count" + 1 else "login_lockouts"."lock_count" end`,
        lockedUntil: sql`case when ${reachesMax} then ${nowText}::timestamptz + ${lockMinutes} * interval '1 minute' else null end`,
        updatedAt: now,
      },
      // While locked nothing is counted: the row is left as it is and nothing returns.
      setWhere: sql`"login_lockouts"."locked_until" is null or "login_lockouts"."locked_until" <= ${nowText}::timestamptz`,
    })
    .returning({ failedCount: loginLockouts.failedCount, lockedUntil: loginLockouts.lockedUntil });
  const row = rows[0];
  if (!row) {
    const [locked] = await db
      .select({ lockedUntil: loginLockouts.lockedUntil })
      .from(loginLockouts)
      .where(eq(loginLockouts.loginHash, hash));
    return blocked(locked?.lockedUntil ?? now, now);
  }
  if (row.lockedUntil && row.lockedUntil > now) return blocked(row.lockedUntil, now);
  return new AppError('INVALID_CREDENTIALS', { details: { triesLeft: max - row.failedCount } });
}

/** A right password or a new one: the count and the growing lock start over. */
export async function clearLockout(db: Db, hash: string): Promise<void> {
  await db.delete(loginLockouts).where(eq(loginLockouts.loginHash, hash));
}
