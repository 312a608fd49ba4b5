import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { receipts } from '../../db/schema/money';
import { connectors, stations } from '../../db/schema/stations';

// Queries on receipts; every read for the API is scoped to the user.

const columns = {
  receipt: receipts,
  transactionId: chargingSessions.transactionId,
  stationName: stations.name,
  /** Where a session happened: its receipt shows the station's local time. */
  utcOffsetMinutes: stations.utcOffsetMinutes,
};

export type ReceiptRow = {
  receipt: typeof receipts.$inferSelect;
  transactionId: number | null;
  stationName: string | null;
  utcOffsetMinutes: number | null;
};

async function receiptRows(
  db: Db,
  where: SQL | undefined,
  page?: { offset: number; limit: number },
): Promise<ReceiptRow[]> {
  const query = db
    .select(columns)
    .from(receipts)
    .leftJoin(chargingSessions, eq(chargingSessions.id, receipts.sessionId))
    .leftJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .leftJoin(stations, eq(stations.id, connectors.stationId))
    .where(where)
    .orderBy(desc(receipts.createdAt), desc(receipts.number));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

export async function userReceiptRows(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ rows: ReceiptRow[]; total: number }> {
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(receipts)
    .where(eq(receipts.userId, userId));
  return {
    rows: await receiptRows(db, eq(receipts.userId, userId), page),
    total: count?.total ?? 0,
  };
}

/** One receipt of the user; another user's is not found. */
export async function userReceiptRow(
  db: Db,
  userId: string,
  id: string,
): Promise<ReceiptRow | undefined> {
  const [row] = await receiptRows(db, and(eq(receipts.userId, userId), eq(receipts.id, id)));
  return row;
}

/** Receipt ids by the session or reservation they are for. */
export async function receiptIdsFor(
  db: Db,
  subjects: { sessionIds: readonly string[]; reservationIds: readonly string[] },
): Promise<{ bySession: Map<string, string>; byReservation: Map<string, string> }> {
  const { sessionIds, reservationIds } = subjects;
  const conditions = [
    sessionIds.length > 0
      ? and(eq(receipts.kind, 'session'), inArray(receipts.sessionId, [...sessionIds]))
      : undefined,
    reservationIds.length > 0
      ? and(eq(receipts.kind, 'reservation'), inArray(receipts.reservationId, [...reservationIds]))
      : undefined,
  ].filter((condition) => condition !== undefined);
  const rows =
    conditions.length === 0
      ? []
      : await db
          .select({
            id: receipts.id,
            kind: receipts.kind,
            sessionId: receipts.sessionId,
            reservationId: receipts.reservationId,
          })
          .from(receipts)
          .where(or(...conditions));
  const bySession = new Map<string, string>();
  const byReservation = new Map<string, string>();
  for (const row of rows) {
    if (row.kind === 'session' && row.sessionId) bySession.set(row.sessionId, row.id);
    if (row.kind === 'reservation' && row.reservationId) {
      byReservation.set(row.reservationId, row.id);
    }
  }
  return { bySession, byReservation };
}
