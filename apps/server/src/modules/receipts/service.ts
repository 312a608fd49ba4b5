import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { receiptOffsetMinutes } from './receipt-zone';
import { userReceiptRow, userReceiptRows, type ReceiptRow } from './repo';

// GET /api/receipts and GET /api/receipts/:id.

/** The receipt as the API gives it; `brandOffsetMinutes`: the zone of the account's brand. */
export function toReceipt(row: ReceiptRow, brandOffsetMinutes: number): Receipt {
  const { receipt, transactionId, stationName } = row;
  return {
    id: receipt.id,
    number: receipt.number,
    kind: receipt.kind,
    createdAt: receipt.createdAt.toISOString(),
    amountMinor: receipt.amountMinor,
    vatMinor: receipt.vatMinor,
    vatRatePercent: receipt.items[0]?.vatRatePercent ?? null,
    currency: receipt.currency,
    items: receipt.items,
    seller: receipt.seller,
    payment: receipt.payment,
    exchange: receipt.exchange ?? null,
    transactionId,
    stationName,
    utcOffsetMinutes: receiptOffsetMinutes(row, brandOffsetMinutes),
  };
}

export async function listUserReceipts(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
  brandOffsetMinutes: number,
): Promise<{ items: Receipt[]; total: number }> {
  const { rows, total } = await userReceiptRows(db, userId, page);
  return { items: rows.map((row) => toReceipt(row, brandOffsetMinutes)), total };
}

/** The user's receipt row; NOT_FOUND for a missing one and for another user's. */
export async function findUserReceipt(db: Db, userId: string, id: string): Promise<ReceiptRow> {
  const row = await userReceiptRow(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}
