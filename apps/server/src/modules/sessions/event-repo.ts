import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { chargeEvents } from '../../db/schema/ocpp';

// A driver's charge events (charge_events), in the order they happened.

/**
 * The long poll answers the events after the client's cursor, an event id; so one driver's
 * events must become visible in the order of their ids, or a poll between two commits would
 * move its cursor past an event not yet committed and never show it. The insert takes a lock
 * per driver before its row gets an id, held to the end of its transaction (the caller's when
 * it has one), so each driver's events take their ids and commit one after the other. One
 * statement: the MeterValues path writes an event for every reading.
 */
export async function insertChargeEvent(db: Db, values: typeof chargeEvents.$inferInsert) {
  const lockKey = `charge-events:${values.userId}`;
  await db.execute(sql`
    with driver_lock as (select pg_advisory_xact_lock(hashtext(${lockKey})))
    insert into ${chargeEvents} (${sql.identifier(chargeEvents.userId.name)},
      ${sql.identifier(chargeEvents.sessionId.name)}, ${sql.identifier(chargeEvents.kind.name)},
      ${sql.identifier(chargeEvents.payload.name)})
    select ${values.userId}::uuid, ${values.sessionId ?? null}::uuid, ${values.kind},
      ${JSON.stringify(values.payload)}::jsonb
    from driver_lock`);
}

/** The id of the driver's latest event, 0 before the first. */
export async function latestEventId(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: chargeEvents.id })
    .from(chargeEvents)
    .where(eq(chargeEvents.userId, userId))
    .orderBy(desc(chargeEvents.id))
    .limit(1);
  return row?.id ?? 0;
}

/** Up to `limit` events of a user after `cursor`, for one transaction (or all with 0). */
export async function eventRowsAfter(
  db: Db,
  userId: string,
  cursor: number,
  transactionId: number,
  limit: number,
) {
  return db
    .select({
      id: chargeEvents.id,
      kind: chargeEvents.kind,
      sessionId: chargeEvents.sessionId,
      payload: chargeEvents.payload,
      createdAt: chargeEvents.createdAt,
    })
    .from(chargeEvents)
    .leftJoin(chargingSessions, eq(chargingSessions.id, chargeEvents.sessionId))
    .where(
      and(
        eq(chargeEvents.userId, userId),
        gt(chargeEvents.id, cursor),
        transactionId > 0 ? eq(chargingSessions.transactionId, transactionId) : undefined,
      ),
    )
    .orderBy(asc(chargeEvents.id))
    .limit(limit);
}
