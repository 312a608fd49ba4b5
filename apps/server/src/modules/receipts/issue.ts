import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Brand } from '@evcharge/api/brand/get-brand';
import type { Db } from '../../db/client';
import { paymentCards } from '../../db/schema/driver';
import {
  balanceOperations,
  receipts,
  type ReceiptItem,
  type ReceiptKind,
  type ReceiptPayment,
} from '../../db/schema/money';
import { costBreakdown, costFactsAt, findPlacedSession, sessionSamples } from '../sessions';
import { loadTariffs } from '../stations';
import { receiptItem, sessionReceiptItems, vatIncludedMinor } from './receipt-items';
import { nextReceiptNumber } from './receipt-number';

// One receipt per payment (SPEC §3 receipt). Both functions run inside the caller's transaction (the
// one that moved the money), so they use `tx` only: on PGlite a query on another connection
// inside a transaction would wait forever. Idempotent: the partial unique indexes on receipts
// keep one per session and per operation, and a second call, even a concurrent one, gets the
// first receipt's id.

type Subject =
  | { kind: 'session'; sessionId: string }
  | { kind: Exclude<ReceiptKind, 'session' | 'reservation'>; balanceOperationId: string };

async function existingReceiptId(tx: Db, subject: Subject): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      subject.kind === 'session'
        ? and(eq(receipts.kind, 'session'), eq(receipts.sessionId, subject.sessionId))
        : eq(receipts.balanceOperationId, subject.balanceOperationId),
    );
  return row?.id;
}

type Issue = {
  userId: string;
  amountMinor: number;
  currency: (typeof receipts.$inferInsert)['currency'];
  items: ReceiptItem[];
  payment: ReceiptPayment;
};

async function insertReceipt(tx: Db, brand: Brand, subject: Subject, issue: Issue) {
  const issuedAt = new Date();
  const { vatRatePercent, ...seller } = brand.seller;
  const [row] = await tx
    .insert(receipts)
    .values({
      ...issue,
      kind: subject.kind,
      number: await nextReceiptNumber(tx, issuedAt),
      sessionId: subject.kind === 'session' ? subject.sessionId : null,
      balanceOperationId: subject.kind === 'session' ? null : subject.balanceOperationId,
      vatMinor: vatIncludedMinor(issue.amountMinor, vatRatePercent),
      seller,
      createdAt: issuedAt,
    })
    // A concurrent call got there first: its receipt stands (read below, once it committed).
    .onConflictDoNothing()
    .returning({ id: receipts.id });
  return row?.id ?? (await existingReceiptId(tx, subject));
}

async function cardPayment(tx: Db, cardId: string | null): Promise<ReceiptPayment> {
  if (!cardId) return { method: 'card' };
  const [card] = await tx
    .select({ brand: paymentCards.brand, last4: paymentCards.last4 })
    .from(paymentCards)
    .where(eq(paymentCards.id, cardId));
  return card
    ? { method: 'card', cardBrand: card.brand, cardLast4: card.last4 }
    : { method: 'card' };
}

/** Issues the receipt of a finished session with a cost, once. */
export async function issueSessionReceipt(
  tx: Db,
  brand: Brand,
  sessionId: string,
): Promise<string | undefined> {
  const subject = { kind: 'session', sessionId } as const;
  const existing = await existingReceiptId(tx, subject);
  if (existing) return existing;
  const session = await findPlacedSession(tx, sessionId);
  if (!session || session.status !== 'success' || session.costMinor <= 0) return undefined;

  const tariff = (await loadTariffs(tx, [session.tariffId])).get(session.tariffId);
  const vatRatePercent = brand.seller.vatRatePercent;
  let items = [receiptItem('session', session.costMinor, vatRatePercent)];
  if (tariff) {
    // The same facts and readings finishSession priced the session with.
    const facts = costFactsAt(session, session.stoppedAt ?? session.updatedAt);
    const readings = await sessionSamples(tx, session.id);
    const cost = costBreakdown(tariff, session, { ...facts, readings });
    items = sessionReceiptItems(cost, session.costMinor, vatRatePercent);
  }

  let payment: ReceiptPayment = { method: 'balance' };
  if (session.paymentMethod === 'card') {
    const [hold] = await tx
      .select({ cardId: balanceOperations.cardId })
      .from(balanceOperations)
      .where(
        and(
          eq(balanceOperations.sessionId, session.id),
          eq(balanceOperations.orderType, 'SessionPayment'),
        ),
      );
    payment = await cardPayment(tx, hold?.cardId ?? null);
  }
  return insertReceipt(tx, brand, subject, {
    userId: session.userId,
    amountMinor: session.costMinor,
    currency: session.currency,
    items,
    payment,
  });
}

const operationReceipts = {
  TopUpBalance: 'top_up',
  PayDebt: 'debt_payment',
  Refund: 'refund',
} as const;

const refunded = alias(balanceOperations, 'refunded');

/** Issues the receipt of a succeeded TopUpBalance, PayDebt or Refund operation, once. */
export async function issueOperationReceipt(
  tx: Db,
  brand: Brand,
  operationId: string,
): Promise<string | undefined> {
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
  if (!operation || operation.status !== 'succeeded') return undefined;
  if (!Object.hasOwn(operationReceipts, operation.orderType)) return undefined;
  const kind = operationReceipts[operation.orderType as keyof typeof operationReceipts];
  const subject = { kind, balanceOperationId: operationId };
  const existing = await existingReceiptId(tx, subject);
  if (existing) return existing;

  // A payment may be captured for less than was asked; a refund gives back what it asked.
  const amountMinor =
    kind !== 'refund' && operation.capturedMinor > 0
      ? operation.capturedMinor
      : operation.amountMinor;
  return insertReceipt(tx, brand, subject, {
    userId: operation.userId,
    amountMinor,
    currency: operation.currency,
    items: [receiptItem(kind, amountMinor, brand.seller.vatRatePercent)],
    // A refund goes back to the card the refunded top-up came from.
    payment: await cardPayment(tx, operation.cardId ?? operation.refundedCardId),
  });
}
