import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { chargeEvents } from '../../db/schema/ocpp';

// A driver's charge events (charge_events), in the order they happened.

export async function insertChargeEvent(db: Db, values: typeof chargeEvents.$inferInsert) {
  await db.insert(chargeEvents).values(values);
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
