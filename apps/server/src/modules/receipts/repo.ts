import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { chargingSessions, reservations } from '../../db/schema/charging';
import { paymentCards } from '../../db/schema/driver';
import { users } from '../../db/schema/users';
import { balanceOperations, receipts, type ReceiptKind } from '../../db/schema/money';
import { connectors, stations } from '../../db/schema/stations';

// Queries on receipts (one function per query); every read for the API is scoped to the user.
// The issuing ones run in the caller's transaction (issue.ts).

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
    .leftJoin(reservations, eq(reservations.id, receipts.reservationId))
    .leftJoin(
      connectors,
      eq(connectors.id, sql`coalesce(${chargingSessions.connectorId}, ${reservations.connectorId})`),
    )
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

/**
 * What a receipt is for: one session, its correction, a reservation, a shop order, or one
 * acquirer operation.
 */
export type ReceiptSubject =
  | { kind: 'session' | 'session_adjustment' | 'station_earning'; sessionId: string }
  | { kind: 'reservation'; reservationId: string }
  | { kind: 'shop_order'; shopOrderId: string }
  | {
      kind: Exclude<
        ReceiptKind,
        'session' | 'session_adjustment' | 'station_earning' | 'reservation' | 'shop_order'
      >;
      balanceOperationId: string;
    };

export async function existingReceiptId(
  tx: Db,
  subject: ReceiptSubject,
): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      'sessionId' in subject
        ? and(eq(receipts.kind, subject.kind), eq(receipts.sessionId, subject.sessionId))
        : 'reservationId' in subject
          ? and(eq(receipts.kind, subject.kind), eq(receipts.reservationId, subject.reservationId))
          : 'shopOrderId' in subject
            ? eq(receipts.shopOrderId, subject.shopOrderId)
            : eq(receipts.balanceOperationId, subject.balanceOperationId),
    );
  return row?.id;
}

/** Inserts the receipt; undefined when one for its subject is already there. */
export async function insertReceiptRow(
  tx: Db,
  values: typeof receipts.$inferInsert,
): Promise<string | undefined> {
  const [row] = await tx
    .insert(receipts)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: receipts.id });
  return row?.id;
}

/** The next value of the receipt numbers' sequence (drizzle/0009_receipt_numbers.sql). */
export async function nextReceiptSequence(tx: Db): Promise<number> {
  const [row] = await tx
    .select({ value: sql<string>`nextval('receipt_number_seq')`.mapWith(Number) })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('receipt_number_seq gave nothing');
  return row.value;
}

export async function cardBrandAndLast4(tx: Db, cardId: string) {
  const [card] = await tx
    .select({ brand: paymentCards.brand, last4: paymentCards.last4 })
    .from(paymentCards)
    .where(eq(paymentCards.id, cardId));
  return card;
}

/** The card a reservation's payment hold is on, if any. */
export async function reservationHoldCardId(tx: Db, reservationId: string): Promise<string | null> {
  const [hold] = await tx
    .select({ cardId: balanceOperations.cardId })
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.reservationId, reservationId),
        eq(balanceOperations.orderType, 'ReservationPayment'),
      ),
    );
  return hold?.cardId ?? null;
}

/** The card a session's payment hold is on, if any. */
export async function sessionHoldCardId(tx: Db, sessionId: string): Promise<string | null> {
  const [hold] = await tx
    .select({ cardId: balanceOperations.cardId })
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.sessionId, sessionId),
        eq(balanceOperations.orderType, 'SessionPayment'),
      ),
    );
  return hold?.cardId ?? null;
}

const refunded = alias(balanceOperations, 'refunded');

/** An acquirer operation with, for a refund, the card of the operation it refunds. */
export async function operationToReceipt(tx: Db, operationId: string) {
  const [operation] = await tx
    .select({
      userId: balanceOperations.userId,
      orderType: balanceOperations.orderType,
      status: balanceOperations.status,
      amountMinor: balanceOperations.amountMinor,
      capturedMinor: balanceOperations.capturedMinor,
      currency: balanceOperations.currency,
      cardId: balanceOperations.cardId,
      refundedCardId: refunded.cardId,
    })
    .from(balanceOperations)
    .leftJoin(refunded, eq(refunded.id, balanceOperations.refundOfId))
    .where(eq(balanceOperations.id, operationId));
  return operation;
}

/** The brand the buyer's account was made under (users.brand); null: the deployment's. */
export async function accountBrand(tx: Db, userId: string): Promise<string | null> {
  const [row] = await tx.select({ brand: users.brand }).from(users).where(eq(users.id, userId));
  return row?.brand ?? null;
}
