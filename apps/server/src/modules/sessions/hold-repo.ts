import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { holdingReservationStatuses } from '@evcharge/domain/reservation';
import type { Db } from '../../db/client';
import { reservations } from '../../db/schema/charging';

// A connector's hold (SPEC §3 Reservation): the starts and the reservations of one connector
// are decided one after another, and a start sees the reservation that holds the connector.

/**
 * Serializes the starts and reservations of one connector to the end of the transaction, so
 * "no reservation over an open session" and "no start on someone else's reservation" hold
 * under concurrent requests (the partial unique index and the exclusion constraint hold the
 * rest).
 */
export async function lockConnector(tx: Db, connectorId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`connector:${connectorId}`}))`);
}

/** The reservation that holds the connector at `at`: begun, or a chosen period due to begin. */
export async function holdingReservation(tx: Db, connectorId: string, at: Date) {
  const [row] = await tx
    .select({
      id: reservations.id,
      userId: reservations.userId,
      idTag: reservations.idTag,
      endsAt: reservations.endsAt,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.connectorId, connectorId),
        inArray(reservations.status, [...holdingReservationStatuses]),
        lte(reservations.startsAt, at),
        gt(reservations.endsAt, at),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The driver started charging on their reservation: it stops holding (and costing) at `at`.
 * The reservations module settles its cost. Nothing when it had already ended.
 */
export async function completeReservation(db: Db, reservationId: string, at: Date) {
  const [row] = await db
    .update(reservations)
    .set({ status: 'completed', endedAt: at })
    .where(
      and(
        eq(reservations.id, reservationId),
        inArray(reservations.status, [...holdingReservationStatuses]),
      ),
    )
    .returning({ id: reservations.id });
  return row;
}
