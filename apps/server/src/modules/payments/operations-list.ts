import type { BalanceOperation } from '@evcharge/api/payments/payment-schemas';
import type { Db } from '../../db/client';
import {
  acquirerOperationCount,
  acquirerOperationRows,
  walletPostingCount,
  walletPostingRows,
} from './history-repo';

// GET /api/balance/operations: what went through the acquirer (top-ups, debt payments,
// sessions and shop orders paid by card, refunds) and what the balance paid, newest first.

const directionOf = {
  TopUpBalance: 'in',
  PayDebt: 'in',
  SessionPayment: 'out',
  Refund: 'out',
  ReservationPayment: 'out',
  ShopOrder: 'out',
} as const;

async function acquirerOperations(db: Db, userId: string, take: number) {
  const rows = await acquirerOperationRows(db, userId, take);
  const total = await acquirerOperationCount(db, userId);
  const items = rows.map(({ operation, ...row }): BalanceOperation => {
    const type = operation.orderType === 'CardBinding' ? 'TopUpBalance' : operation.orderType;
    const amount =
      (operation.orderType === 'SessionPayment' || operation.orderType === 'ReservationPayment') &&
      operation.status === 'succeeded'
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
  return { items, total };
}

/** What the wallet's own postings are, by their ledger transaction's kind. */
const walletTypes: Partial<Record<string, BalanceOperation['type']>> = {
  charge_payment: 'SessionCharge',
  reservation_payment: 'ReservationCharge',
  shop_payment: 'ShopCharge',
  // SPEC §1 private stations: another driver's session on the driver's own station.
  owner_earning: 'StationEarning',
};

/** Sessions, reservations and orders paid from the balance, adjustments and earnings: the wallet's own postings. */
async function walletPostings(db: Db, userId: string, take: number) {
  const rows = await walletPostingRows(db, userId, take);
  const total = await walletPostingCount(db, userId);
  const items = rows.map(
    (row): BalanceOperation => ({
      id: row.id,
      type: walletTypes[row.kind] ?? 'Adjustment',
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
  return { items, total };
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
