import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activeSessionStatuses, chargingSessions } from '../../db/schema/charging';
import { chargeEvents, chargingSamples } from '../../db/schema/ocpp';

// Deletes of old charge events and meter readings, one batch per statement, oldest first
// (retention.ts decides the cut-offs). Both walk an index on their time (migration 0027).

const openStatuses = sql.join(
  activeSessionStatuses.map((status) => sql`${status}`),
  sql`, `,
);

/**
 * Up to `limit` charge events created before `before`, except those of a session still open
 * (its screen may still read them); how many went.
 */
export async function deleteChargeEventsBefore(
  db: Db,
  before: Date,
  limit: number,
): Promise<number> {
  const result = (await db.execute(sql`
    with doomed as (
      select e.id from ${chargeEvents} e
      left join ${chargingSessions} s on s.id = e.session_id
      where e.created_at < ${before.toISOString()}::timestamptz
        and (s.id is null or s.status not in (${openStatuses}))
      order by e.created_at
      limit ${limit}),
    deleted as (delete from ${chargeEvents} where id in (select id from doomed) returning 1)
    select count(*)::int as count from deleted`)) as { rows: { count: number }[] };
  return Number(result.rows[0]?.count ?? 0);
}

/**
 * Up to `limit` meter readings taken before `before` of sessions done with them: closed, last
 * changed before `before` too, and not waiting for a late StopTransaction (a session closed
 * without one since `lateStopSince` reconciles against its readings). How many went.
 */
export async function deleteSamplesBefore(
  db: Db,
  before: Date,
  lateStopSince: Date,
  limit: number,
): Promise<number> {
  const result = (await db.execute(sql`
    with doomed as (
      select m.id from ${chargingSamples} m
      join ${chargingSessions} s on s.id = m.session_id
      where m.at < ${before.toISOString()}::timestamptz
        and s.status not in (${openStatuses})
        and s.updated_at < ${before.toISOString()}::timestamptz
        and not (s.closed_without_stop_at is not null and s.reconciled_at is null
          and s.closed_without_stop_at >= ${lateStopSince.toISOString()}::timestamptz)
      order by m.at
      limit ${limit}),
    deleted as (delete from ${chargingSamples} where id in (select id from doomed) returning 1)
    select count(*)::int as count from deleted`)) as { rows: { count: number }[] };
  return Number(result.rows[0]?.count ?? 0);
}
