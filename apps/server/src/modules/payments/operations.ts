import { and, eq, sql } from 'drizzle-orm';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { AppError, isErrorCode } from '@evcharge/domain/errors';
import type { Currency } from '@evcharge/domain/currency';
import type { Db } from '../../db/client';
import { paymentCards } from '../../db/schema/driver';
import { balanceOperations, receipts, type OrderType } from '../../db/schema/money';
import type { Deps } from '../../deps';
import type { AcquirerPayment } from '../../payments/acquirer';
import { AcquirerUnavailable } from '../../payments/acquirer';
import { postTransaction, type Posting } from '../ledger';
import { issueOperationReceipt } from '../receipts';
import { keepCard } from './card-store';

// Operations through the acquirer (balance_operations): created before the acquirer is
// asked, then settled by what the acquirer says. Settling is one idempotent step, whoever
// comes first (the answer to our request, the return page, the acquirer's notification, the
// sweep): the operation row is locked, a final operation is left alone, and the ledger's
// unique (kind, reference) would refuse a second credit anyway (DESIGN.md: credited once).

export type Operation = typeof balanceOperations.$inferSelect;
export type PaymentDeps = Pick<Deps, 'db' | 'config' | 'brand' | 'acquirer' | 'metrics'>;

const finalStatuses = new Set(['succeeded', 'failed', 'released']);

export function isFinal(operation: Pick<Operation, 'status'>) {
  return finalStatuses.has(operation.status);
}

export async function createOperation(
  deps: PaymentDeps,
  values: {
    userId: string;
    companyId?: string | null;
    orderType: OrderType;
    amountMinor: number;
    currency: Currency;
    cardId?: string | null;
    sessionId?: string | null;
    refundOfId?: string | null;
  },
  db: Db = deps.db,
): Promise<Operation> {
  const id = crypto.randomUUID();
  const [operation] = await db
    .insert(balanceOperations)
    .values({
      id,
      ...values,
      acquirer: deps.acquirer.name,
      idempotencyKey: `${values.orderType}:${id}`,
    })
    .returning();
  if (!operation) throw new Error('operation insert returned nothing');
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

/** Asks the acquirer; an unreachable acquirer leaves the operation open (undefined). */
export async function askAcquirer(
  call: () => Promise<AcquirerPayment | undefined>,
): Promise<AcquirerPayment | undefined> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AcquirerUnavailable) return undefined;
    throw error;
  }
}

/** The wallet an operation credits: the company's for a company's, else the driver's. */
function walletOf(operation: Operation): Posting['owner'] {
  return operation.companyId
    ? { kind: 'company_wallet', companyId: operation.companyId }
    : { kind: 'user_wallet', userId: operation.userId };
}

/** Money in from the acquirer: clearing gives, the wallet gets. */
async function credit(
  tx: Db,
  operation: Operation,
  kind: 'top_up' | 'debt_payment' | 'card_payment',
  amountMinor: number,
) {
  return postTransaction(tx, {
    kind,
    reference: operation.id,
    description: `${operation.orderType} ${operation.id}`,
    currency: operation.currency,
    postings: [
      { owner: { kind: 'acquirer_clearing' }, amountMinor: -amountMinor },
      { owner: walletOf(operation), amountMinor },
    ],
  });
}

/**
 * A refund takes the money off the wallet when it is asked for (so it cannot be asked for
 * twice); a refund the acquirer declines puts it back.
 */
export async function takeForRefund(tx: Db, operation: Operation) {
  return postTransaction(tx, {
    kind: 'refund',
    reference: operation.id,
    description: `Refund ${operation.id}`,
    currency: operation.currency,
    postings: [
      { owner: walletOf(operation), amountMinor: -operation.amountMinor },
      { owner: { kind: 'acquirer_clearing' }, amountMinor: operation.amountMinor },
    ],
  });
}

async function putBackRefund(tx: Db, operation: Operation) {
  return postTransaction(tx, {
    kind: 'adjustment',
    reference: `refund-declined:${operation.id}`,
    description: `Refund ${operation.id} declined: back on the balance`,
    currency: operation.currency,
    postings: [
      { owner: { kind: 'acquirer_clearing' }, amountMinor: -operation.amountMinor },
      { owner: walletOf(operation), amountMinor: operation.amountMinor },
    ],
  });
}

/**
 * Applies what the acquirer says about an operation, once. Returns the operation as it is
 * afterwards. Never call it inside another transaction (PGlite has one connection).
 */
export async function applyOutcome(
  deps: PaymentDeps,
  operationId: string,
  outcome: AcquirerPayment,
): Promise<Operation> {
  const changed = await deps.db.transaction(async (tx) => {
    const [operation] = await tx
      .select()
      .from(balanceOperations)
      .where(eq(balanceOperations.id, operationId))
      .for('update');
    if (!operation) throw new Error(`operation ${operationId} vanished`);
    if (isFinal(operation)) return { operation, isNew: false };
    if (operation.status === 'held' && outcome.status === 'held') return { operation, isNew: false };
    const now = new Date();
    const base = {
      acquirerPaymentId: operation.acquirerPaymentId ?? outcome.paymentId,
      updatedAt: now,
    };
    const update = async (set: Partial<typeof balanceOperations.$inferInsert>) => {
      const [row] = await tx
        .update(balanceOperations)
        .set({ ...base, ...set })
        .where(eq(balanceOperations.id, operation.id))
        .returning();
      if (!row) throw new Error('operation update returned nothing');
      return { operation: row, isNew: set.status !== undefined };
    };

    switch (outcome.status) {
      case 'pending':
        return update({});
      case 'held':
        return update({ status: 'held', amountMinor: outcome.amountMinor });
      case 'failed': {
        const errorCode = outcome.errorCode && isErrorCode(outcome.errorCode) ? outcome.errorCode : 'ACQ10';
        if (errorCode === 'CARD_BLOCKED' && operation.cardId) {
          await tx
            .update(paymentCards)
            .set({ status: 'blocked' })
            .where(eq(paymentCards.id, operation.cardId));
        }
        if (operation.orderType === 'Refund') await putBackRefund(tx, operation);
        return update({ status: 'failed', errorCode, completedAt: now });
      }
      case 'released':
        return update({ status: 'released', completedAt: now });
      case 'succeeded':
        break;
    }

    // Succeeded: what it was for happens now, in this transaction.
    let cardId = operation.cardId;
    if (outcome.card && (operation.orderType === 'CardBinding' || (outcome.cardSaved && !cardId)))
      cardId = await keepCard(tx, operation.userId, deps.acquirer.name, outcome.card);
    let ledgerTransactionId: string | null = null;
    let captured = outcome.capturedMinor;
    switch (operation.orderType) {
      case 'TopUpBalance':
        captured = operation.amountMinor;
        ledgerTransactionId = await credit(tx, operation, 'top_up', operation.amountMinor);
        break;
      case 'PayDebt':
        captured = operation.amountMinor;
        ledgerTransactionId = await credit(tx, operation, 'debt_payment', operation.amountMinor);
        break;
      case 'SessionPayment':
        if (captured > 0) ledgerTransactionId = await credit(tx, operation, 'card_payment', captured);
        break;
      case 'Refund':
      case 'CardBinding':
        break;
    }
    const result = await update({
      status: 'succeeded',
      cardId,
      capturedMinor: captured,
      ledgerTransactionId,
      completedAt: now,
    });
    if (operation.orderType === 'Refund' && operation.refundOfId) {
      await tx
        .update(balanceOperations)
        .set({
          refundedMinor: sql`${balanceOperations.refundedMinor} + ${operation.amountMinor}`,
          updatedAt: now,
        })
        .where(eq(balanceOperations.id, operation.refundOfId));
    }
    if (['TopUpBalance', 'PayDebt', 'Refund'].includes(operation.orderType))
      await issueOperationReceipt(tx, deps.brand, operation.id);
    return result;
  });
  if (changed.isNew) {
    deps.metrics.paymentOperations.inc({
      type: changed.operation.orderType,
      status: changed.operation.status,
    });
  }
  return changed.operation;
}

/** How long an operation that never reached the acquirer waits before it counts as failed. */
export const UNREACHED_AFTER_MS = 10 * 60_000;

/**
 * Asks the acquirer how an open operation stands and applies it: the return page, the
 * notification and the sweep all come here.
 */
export async function settleOperation(deps: PaymentDeps, operation: Operation): Promise<Operation> {
  if (isFinal(operation)) return operation;
  const outcome = await askAcquirer(() =>
    operation.acquirerPaymentId
      ? deps.acquirer.payment(operation.acquirerPaymentId)
      : deps.acquirer.paymentByKey(operation.idempotencyKey),
  );
  if (outcome) return applyOutcome(deps, operation.id, outcome);
  const neverReached =
    !operation.acquirerPaymentId &&
    Date.now() - operation.createdAt.getTime() > UNREACHED_AFTER_MS;
  if (!neverReached) return operation;
  // Our request never reached the acquirer: nothing moved there; close it.
  return applyOutcome(deps, operation.id, {
    paymentId: `unreached:${operation.id}`,
    status: 'failed',
    amountMinor: operation.amountMinor,
    currency: operation.currency,
    capturedMinor: 0,
    refundedMinor: 0,
    errorCode: 'ACQ5',
    card: null,
    cardSaved: false,
    redirectUrl: null,
  });
}

/** An operation as the API shows it. */
export async function paymentResult(
  db: Db,
  operation: Operation,
  redirectUrl: string | null = null,
): Promise<PaymentResult> {
  const [card] = operation.cardId
    ? await db
        .select({ brand: paymentCards.brand, last4: paymentCards.last4 })
        .from(paymentCards)
        .where(eq(paymentCards.id, operation.cardId))
    : [];
  const [receipt] = await db
    .select({ id: receipts.id })
    .from(receipts)
    .where(eq(receipts.balanceOperationId, operation.id));
  return {
    operationId: operation.id,
    orderType: operation.orderType,
    status: operation.status,
    amountMinor: operation.amountMinor,
    currency: operation.currency,
    redirectUrl: operation.status === 'pending' ? redirectUrl : null,
    errorCode: operation.errorCode,
    card: card ?? null,
    receiptId: receipt?.id ?? null,
  };
}

/** A declined operation as the error the app shows (ACQ code or CARD_BLOCKED). */
export function declineError(operation: Operation): AppError {
  const code = operation.errorCode && isErrorCode(operation.errorCode) ? operation.errorCode : 'ACQ10';
  return new AppError(code, { details: { operationId: operation.id } });
}
