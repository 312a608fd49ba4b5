import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { holdingReservationStatuses, type ReservationStatus } from '@evcharge/domain/reservation';
import type { Db } from '../../db/client';
import { chargingSessions, reservations } from '../../db/schema/charging';
import { receipts } from '../../db/schema/money';
import { connectors, stations } from '../../db/schema/stations';

// Queries on reservations (SPEC §3 Reservation, §7 Reserves), one function per query.

export type ReservationRow = typeof reservations.$inferSelect;
type ReservationInsert = typeof reservations.$inferInsert;

export async function insertReservation(tx: Db, values: ReservationInsert) {
  const [row] = await tx.insert(reservations).values(values).returning();
  if (!row) throw new Error('reservation insert returned nothing');
  return row;
}

/** Moves a reservation on only while it is in one of `from`; undefined when it was not. */
export async function updateReservationFrom(
  db: Db,
  id: string,
  from: readonly ReservationStatus[],
  values: Partial<ReservationInsert>,
): Promise<ReservationRow | undefined> {
  const [row] = await db
    .update(reservations)
    .set(values)
    .where(and(eq(reservations.id, id), inArray(reservations.status, [...from])))
    .returning();
  return row;
}

export async function findReservation(db: Db, id: string) {
  const [row] = await db.select().from(reservations).where(eq(reservations.id, id));
  return row;
}

/** Marks an ended reservation settled, once: undefined when another call did it first. */
export async function markSettled(tx: Db, id: string, costMinor: number, at: Date) {
  const [row] = await tx
    .update(reservations)
    .set({ settledAt: at, costMinor })
    .where(and(eq(reservations.id, id), isNull(reservations.settledAt)))
    .returning();
  return row;
}

/** Records the fixed cost charged when it began (its cost so far). */
export async function setCost(tx: Db, id: string, costMinor: number) {
  await tx.update(reservations).set({ costMinor }).where(eq(reservations.id, id));
}

const viewColumns = {
  reservation: reservations,
  stationId: stations.id,
  stationName: stations.name,
  stationAddress: stations.address,
  lat: stations.lat,
  lng: stations.lng,
  utcOffsetMinutes: stations.utcOffsetMinutes,
  connectorNumber: connectors.number,
  socketType: connectors.socketType,
  powerW: connectors.powerW,
  transactionId: sql<number | null>`(
    select ${chargingSessions.transactionId} from ${chargingSessions}
    where ${chargingSessions.reservationId} = ${reservations.id}
      and ${chargingSessions.startedAt} is not null
    order by ${chargingSessions.createdAt} limit 1)`,
  receiptId: receipts.id,
};
export type ReservationViewRow = {
  reservation: ReservationRow;
  stationId: string;
  stationName: string;
  stationAddress: string;
  lat: number;
  lng: number;
  utcOffsetMinutes: number;
  connectorNumber: number;
  socketType: string;
  powerW: number;
  transactionId: number | null;
  receiptId: string | null;
};

function viewQuery(db: Db) {
  return db
    .select(viewColumns)
    .from(reservations)
    .innerJoin(connectors, eq(connectors.id, reservations.connectorId))
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .leftJoin(
      receipts,
      and(eq(receipts.reservationId, reservations.id), eq(receipts.kind, 'reservation')),
    );
}

export async function reservationViewRows(
  db: Db,
  ids: readonly string[],
): Promise<ReservationViewRow[]> {
  if (ids.length === 0) return [];
  return viewQuery(db).where(inArray(reservations.id, [...ids]));
}

/** The driver's reservations: current ones (scheduled, active) first, then newest first. */
export async function userReservationPage(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<ReservationViewRow[]> {
  return viewQuery(db)
    .where(eq(reservations.userId, userId))
    .orderBy(
      sql`(${reservations.status} in ('scheduled', 'active')) desc`,
      desc(reservations.createdAt),
      desc(reservations.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

/** How many reservations the driver holds or has scheduled. */
export async function countOpenReservations(tx: Db, userId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        inArray(reservations.status, [...holdingReservationStatuses]),
      ),
    );
  return row?.total ?? 0;
}

export async function countUserReservations(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reservations)
    .where(eq(reservations.userId, userId));
  return row?.total ?? 0;
}

/** The periods that hold (or will hold) the connector and end after `from`, in order. */
export async function holdingPeriods(db: Db, connectorId: string, from: Date) {
  return db
    .select({
      id: reservations.id,
      userId: reservations.userId,
      startsAt: reservations.startsAt,
      endsAt: reservations.endsAt,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.connectorId, connectorId),
        inArray(reservations.status, [...holdingReservationStatuses]),
        gt(reservations.endsAt, from),
      ),
    )
    .orderBy(reservations.startsAt);
}

/** Chosen periods due to begin by `now` (still scheduled), oldest first. */
export async function dueToBegin(db: Db, now: Date) {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'scheduled'),
        lte(reservations.startsAt, now),
        gt(reservations.endsAt, now),
        // One already asked of a partner waits for its answer (roaming.ts).
        isNull(reservations.ocpiResultDueAt),
      ),
    )
    .orderBy(reservations.startsAt)
    .limit(100);
}

/** Reservations whose period is over while they still hold: they expire. */
export async function dueToExpire(db: Db, now: Date) {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        inArray(reservations.status, [...holdingReservationStatuses]),
        lte(reservations.endsAt, now),
      ),
    )
    .limit(100);
}

/** Held reservations ending within the reminder's minutes, not reminded yet. */
export async function dueReminders(db: Db, now: Date, before: Date) {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.status, 'active'),
        isNull(reservations.remindedAt),
        gt(reservations.endsAt, now),
        lte(reservations.endsAt, before),
      ),
    )
    .limit(100);
}

export async function markReminded(db: Db, id: string, at: Date) {
  const [row] = await db
    .update(reservations)
    .set({ remindedAt: at })
    .where(and(eq(reservations.id, id), isNull(reservations.remindedAt)))
    .returning({ id: reservations.id });
  return row !== undefined;
}

/** Ended reservations whose cost is not settled yet (a start on one settles it here too). */
export async function unsettled(db: Db) {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        isNull(reservations.settledAt),
        isNotNull(reservations.endedAt),
        ne(reservations.status, 'scheduled'),
        ne(reservations.status, 'active'),
      ),
    )
    .limit(100);
}

/** The station's period reservation support, for the create and the quote. */
export async function stationReservationFacts(db: Db, stationId: string) {
  const [row] = await db
    .select({ supportsPeriodReservation: stations.supportsPeriodReservation })
    .from(stations)
    .where(eq(stations.id, stationId));
  return row;
}

/** The reservations still open (scheduled or holding) on a station's connectors. */
export async function openReservationsAtStation(db: Db, stationId: string) {
  return db
    .select({ reservation: reservations })
    .from(reservations)
    .innerJoin(connectors, eq(connectors.id, reservations.connectorId))
    .where(
      and(
        eq(connectors.stationId, stationId),
        inArray(reservations.status, ['scheduled', 'active']),
      ),
    )
    .orderBy(reservations.startsAt)
    .then((rows) => rows.map((row) => row.reservation));
}

/**
 * OCPI 2.2.1 §13 RESERVE_NOW: the partner's CommandResult is due by `at`. `whileAwaited`: only
 * while it is still awaited (a result that came already cleared it).
 */
export async function setResultDue(db: Db, id: string, at: Date | null, whileAwaited = false) {
  const [row] = await db
    .update(reservations)
    .set({ ocpiResultDueAt: at })
    .where(and(eq(reservations.id, id), whileAwaited ? isNotNull(reservations.ocpiResultDueAt) : undefined))
    .returning({ id: reservations.id });
  return row;
}

/** Open reservations whose partner's CommandResult did not come by its time. */
export async function unansweredReservations(db: Db, now: Date) {
  return db
    .select()
    .from(reservations)
    .where(
      and(
        inArray(reservations.status, ['scheduled', 'active']),
        lte(reservations.ocpiResultDueAt, now),
      ),
    )
    .limit(100);
}
