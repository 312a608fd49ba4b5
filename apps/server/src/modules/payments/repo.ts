import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import { chargingSessions, reservations } from '../../db/schema/charging';
import { balanceOperations, receipts } from '../../db/schema/money';

// The queries on operations through the acquirer (balance_operations).

export type Operation = typeof balanceOperations.$inferSelect;
export type OperationInsert = typeof balanceOperations.$inferInsert;

export async function insertOperation(db: Db, values: OperationInsert) {
  const [operation] = await db.insert(balanceOperations).values(values).returning();
  return operation;
}

export async function operationOf(db: Db, id: string, userId?: string) {
  const [operation] = await db
    .select()
    .from(balanceOperations)
    .where(
      userId
        ? and(eq(balanceOperations.id, id), eq(balanceOperations.userId, userId))
        : eq(balanceOperations.id, id),
    );
  return operation;
}

/** The operation's row, locked until the transaction ends: one settling at a time. */
export async function lockOperation(tx: Db, id: string) {
  const [operation] = await tx
    .select()
    .from(balanceOperations)
    .where(eq(balanceOperations.id, id))
    .for('update');
  return operation;
}

export async function updateOperation(tx: Db, id: string, set: Partial<OperationInsert>) {
  const [row] = await tx
    .update(balanceOperations)
    .set(set)
    .where(eq(balanceOperations.id, id))
    .returning();
  return row;
}

/** Counts a refund that went through on the top-up it gave back. */
export async function addRefunded(tx: Db, topUpId: string, amountMinor: number, now: Date) {
  await tx
    .update(balanceOperations)
    .set({
      refundedMinor: sql`${balanceOperations.refundedMinor} + ${amountMinor}`,
      updatedAt: now,
    })
    .where(eq(balanceOperations.id, topUpId));
}

/** The receipt of what an operation paid: its own, or the shop order's it paid. */
export async function receiptOfOperation(
  db: Db,
  operation: Pick<Operation, 'id' | 'shopOrderId'>,
) {
  const [receipt] = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      operation.shopOrderId
        ? eq(receipts.shopOrderId, operation.shopOrderId)
        : eq(receipts.balanceOperationId, operation.id),
    );
  return receipt;
}

export async function operationByAcquirerPayment(db: Db, acquirer: string, paymentId: string) {
  const [operation] = await db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.acquirer, acquirer),
        eq(balanceOperations.acquirerPaymentId, paymentId),
      ),
    );
  return operation;
}

/** The newest debt payment still open since `since`, for this amount and way of paying. */
export async function openDebtPayment(
  tx: Db,
  open: { userId: string; amountMinor: number; cardId: string | null | undefined; since: Date },
) {
  const [operation] = await tx
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.userId, open.userId),
        eq(balanceOperations.orderType, 'PayDebt'),
        eq(balanceOperations.status, 'pending'),
        gt(balanceOperations.createdAt, open.since),
        eq(balanceOperations.amountMinor, open.amountMinor),
        open.cardId ? eq(balanceOperations.cardId, open.cardId) : isNull(balanceOperations.cardId),
      ),
    )
    .orderBy(desc(balanceOperations.createdAt))
    .limit(1);
  return operation;
}

/** Top-ups by card with money not yet given back, oldest first. */
export async function refundableTopUps(db: Db, userId: string, currency: Currency) {
  return db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.userId, userId),
        eq(balanceOperations.orderType, 'TopUpBalance'),
        eq(balanceOperations.status, 'succeeded'),
        eq(balanceOperations.currency, currency),
        isNotNull(balanceOperations.acquirerPaymentId),
        gt(balanceOperations.capturedMinor, balanceOperations.refundedMinor),
      ),
    )
    .orderBy(balanceOperations.createdAt);
}

/** The amounts of refunds still waiting for the acquirer, by the top-up they give back. */
export async function openRefundTotals(db: Db, topUpIds: string[]) {
  return db
    .select({
      of: balanceOperations.refundOfId,
      total: sql<string>`sum(${balanceOperations.amountMinor})`.mapWith(Number),
    })
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.orderType, 'Refund'),
        eq(balanceOperations.status, 'pending'),
        inArray(balanceOperations.refundOfId, topUpIds),
      ),
    )
    .groupBy(balanceOperations.refundOfId);
}

export async function sessionPaymentOf(db: Db, sessionId: string) {
  const [operation] = await db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.sessionId, sessionId),
        eq(balanceOperations.orderType, 'SessionPayment'),
      ),
    );
  return operation;
}

export async function reservationPaymentOf(db: Db, reservationId: string) {
  const [operation] = await db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.reservationId, reservationId),
        eq(balanceOperations.orderType, 'ReservationPayment'),
      ),
    );
  return operation;
}

/**
 * Holds still open for reservations whose cost was settled (or that ended with nothing to
 * settle), with what each cost.
 */
export async function heldForEndedReservations(db: Db) {
  return db
    .select({ reservationId: reservations.id, cost: reservations.costMinor })
    .from(balanceOperations)
    .innerJoin(reservations, eq(reservations.id, balanceOperations.reservationId))
    .where(
      and(
        eq(balanceOperations.orderType, 'ReservationPayment'),
        eq(balanceOperations.status, 'held'),
        isNotNull(reservations.settledAt),
      ),
    );
}

/** Holds still open for sessions that ended, with how each ended and what it cost. */
export async function heldForEndedSessions(db: Db) {
  return db
    .select({ sessionId: chargingSessions.id, status: chargingSessions.status, cost: chargingSessions.costMinor })
    .from(balanceOperations)
    .innerJoin(chargingSessions, eq(chargingSessions.id, balanceOperations.sessionId))
    .where(
      and(
        eq(balanceOperations.orderType, 'SessionPayment'),
        eq(balanceOperations.status, 'held'),
        inArray(chargingSessions.status, ['success', 'cancelled']),
      ),
    );
}

/** Pending operations untouched since `quietSince`, created after `createdSince`; 100 at most. */
export async function quietPendingOperations(db: Db, quietSince: Date, createdSince: Date) {
  return db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.status, 'pending'),
        lt(balanceOperations.updatedAt, quietSince),
        gt(balanceOperations.createdAt, createdSince),
      ),
    )
    .orderBy(balanceOperations.updatedAt)
    .limit(100);
}
