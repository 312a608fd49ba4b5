import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { BalanceOperation } from '@evcharge/api/payments/payment-schemas';
import type { Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { paymentCards } from '../../db/schema/driver';
import {
  balanceOperations,
  ledgerAccounts,
  ledgerPostings,
  ledgerTransactions,
  receipts,
} from '../../db/schema/money';

// GET /api/balance/operations: what went through the acquirer (top-ups, debt payments,
// sessions paid by card, refunds) and the sessions paid from the balance, newest first.

const directionOf = {
  TopUpBalance: 'in',
  PayDebt: 'in',
  SessionPayment: 'out',
  Refund: 'out',
} as const;

async function acquirerOperations(db: Db, userId: string, take: number) {
  const where = and(
    eq(balanceOperations.userId, userId),
    ne(balanceOperations.orderType, 'CardBinding'),
  );
  const rows = await db
    .select({
      operation: balanceOperations,
      cardBrand: paymentCards.brand,
      cardLast4: paymentCards.last4,
      receiptId: receipts.id,
      transactionId: chargingSessions.transactionId,
    })
    .from(balanceOperations)
    .leftJoin(paymentCards, eq(paymentCards.id, balanceOperations.cardId))
    .leftJoin(receipts, eq(receipts.balanceOperationId, balanceOperations.id))
    .leftJoin(chargingSessions, eq(chargingSessions.id, balanceOperations.sessionId))
    .where(where)
    .orderBy(desc(balanceOperations.createdAt))
    .limit(take);
  const [total] = await db.select({ n: count() }).from(balanceOperations).where(where);
  const items = rows.map(({ operation, ...row }): BalanceOperation => {
    const type = operation.orderType === 'CardBinding' ? 'TopUpBalance' : operation.orderType;
    const amount =
      operation.orderType === 'SessionPayment' && operation.status === 'succeeded'
        ? operation.capturedMinor
        : operation.amountMinor;
    return {
      id: operation.id,
      type,
      status: operation.status,
      amountMinor: amount,
      direction: directionOf[type],
      currency: operation.currency,
      errorCode: operation.errorCode,
      card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
      transactionId: row.transactionId ?? null,
      receiptId: row.receiptId ?? null,
      createdAt: operation.createdAt.toISOString(),
    };
  });
  return { items, total: total?.n ?? 0 };
}

/** Sessions paid from the balance, and adjustments: the wallet's own postings. */
async function walletPostings(db: Db, userId: string, take: number) {
  const where = and(
    eq(ledgerAccounts.kind, 'user_wallet'),
    eq(ledgerAccounts.userId, userId),
    sql`(${ledgerTransactions.kind} = 'adjustment' and ${ledgerTransactions.reference} not like 'refund-declined:%'
      or ${ledgerTransactions.kind} = 'charge_payment' and ${chargingSessions.paymentMethod} <> 'card')`,
  );
  const base = () =>
    db
      .select({
        id: ledgerPostings.id,
        kind: ledgerTransactions.kind,
        amountMinor: ledgerPostings.amountMinor,
        currency: ledgerPostings.currency,
        createdAt: ledgerPostings.createdAt,
        transactionId: chargingSessions.transactionId,
        receiptId: receipts.id,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerPostings.transactionId))
      .leftJoin(
        chargingSessions,
        and(
          eq(ledgerTransactions.kind, 'charge_payment'),
          eq(sql`${chargingSessions.id}::text`, ledgerTransactions.reference),
        ),
      )
      .leftJoin(
        receipts,
        and(eq(receipts.sessionId, chargingSessions.id), eq(receipts.kind, 'session')),
      )
      .where(where);
  const rows = await base().orderBy(desc(ledgerPostings.createdAt)).limit(take);
  const [total] = await db
    .select({ n: count() })
    .from(base().as('wallet_postings'));
  const items = rows.map(
    (row): BalanceOperation => ({
      id: row.id,
      type: row.kind === 'charge_payment' ? 'SessionCharge' : 'Adjustment',
      status: 'succeeded',
      amountMinor: Math.abs(row.amountMinor),
      direction: row.amountMinor > 0 ? 'in' : 'out',
      currency: row.currency,
      errorCode: null,
      card: null,
      transactionId: row.transactionId ?? null,
      receiptId: row.receiptId ?? null,
      createdAt: row.createdAt.toISOString(),
    }),
  );
  return { items, total: total?.n ?? 0 };
}

export async function balanceOperationsOf(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
) {
  const take = page.offset + page.limit;
  const [ours, wallet] = await Promise.all([
    acquirerOperations(db, userId, take),
    walletPostings(db, userId, take),
  ]);
  const items = [...ours.items, ...wallet.items]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(page.offset, take);
  return { items, total: ours.total + wallet.total };
}
