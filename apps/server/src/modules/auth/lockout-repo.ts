import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginLockouts } from '../../db/schema/users';

/** When the login's lock ends; null or undefined while it is not locked. */
export async function findLockedUntil(db: Db, hash: string): Promise<Date | null | undefined> {
  const [row] = await db
    .select({ lockedUntil: loginLockouts.lockedUntil })
    .from(loginLockouts)
    .where(eq(loginLockouts.loginHash, hash))
    .limit(1);
  return row?.lockedUntil;
}

/** Minutes of the lock numbered by the row's lock count; the last one repeats. */
const lockMinutesOf = (lockMinutes: readonly number[]) =>
  sql.raw(
    `(case least("login_lockouts"."lock_count", ${lockMinutes.length - 1}) ${lockMinutes
      .map((minutes, index) => `when ${index} then ${minutes}`)
      .join(' ')} end)`,
  );

/**
 * Counts one wrong password in one statement, so parallel tries cannot pass the limit; the
 * `max`-th locks for the next of `lockMinutes`. Nothing is counted (and nothing returns)
 * while the login is locked.
 */
export async function countWrongPassword(
  db: Db,
  input: { hash: string; now: Date; max: number; lockMinutes: readonly number[] },
): Promise<{ failedCount: number; lockedUntil: Date | null } | undefined> {
  const { hash, now, max } = input;
  const nowText = now.toISOString();
  const reachesMax = sql`"login_lockouts"."failed_count" + 1 >= ${max}`;
  const lockMinutes = lockMinutesOf(input.lockMinutes);
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
  return rows[0];
}

export async function deleteLockout(db: Db, hash: string): Promise<void> {
  await db.delete(loginLockouts).where(eq(loginLockouts.loginHash, hash));
}
