import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { runningStatuses, type SessionRow } from './repo';

// What the session sweep (supervise.ts) reads and resets by the server's clock.

/** Starts still `preparing` past their deadline. */
export async function overdueStartIds(db: Db, now: Date): Promise<string[]> {
  const rows = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(eq(chargingSessions.status, 'preparing'), lt(chargingSessions.startDeadlineAt, now)),
    );
  return rows.map((row) => row.id);
}

/** Stop requests sent before `before` whose session still runs: they are sent again. */
export async function clearStopRequestsBefore(db: Db, before: Date): Promise<void> {
  await db
    .update(chargingSessions)
    .set({ stopRequestedAt: null })
    .where(
      and(
        inArray(chargingSessions.status, [...runningStatuses]),
        isNotNull(chargingSessions.stopRequestedAt),
        lt(chargingSessions.stopRequestedAt, before),
      ),
    );
}

/**
 * Running sessions not yet asked to stop that may have to: past a time limit at `now`, with
 * no energy since `ghostBefore`, or charging "until full" and no longer drawing.
 */
export async function sweepCandidates(db: Db, now: Date, ghostBefore: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(chargingSessions)
    .where(
      and(
        inArray(chargingSessions.status, [...runningStatuses]),
        isNull(chargingSessions.stopRequestedAt),
        or(
          and(
            eq(chargingSessions.limitMode, 'time'),
            sql`${chargingSessions.startedAt} + ${chargingSessions.limitValue} * interval '1 minute' <= ${now}`,
          ),
          lt(
            sql`coalesce(${chargingSessions.lastEnergyAt}, ${chargingSessions.startedAt})`,
            ghostBefore,
          ),
          and(eq(chargingSessions.limitMode, 'full'), eq(chargingSessions.status, 'suspendedev')),
        ),
      ),
    );
}

/**
 * Running sessions whose connector the charge point reported free before `before` and whose
 * StopTransaction has not come since: the grace period is over.
 */
export async function suspectedStopIds(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        inArray(chargingSessions.status, [...runningStatuses]),
        lt(chargingSessions.stopSuspectedAt, before),
      ),
    );
  return rows.map((row) => row.id);
}
