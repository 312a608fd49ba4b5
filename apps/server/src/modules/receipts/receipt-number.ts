import type { Db } from '../../db/client';
import { nextReceiptSequence } from './repo';

// Receipt numbers a person can read out: the UTC issue date and a sequence number,
// "20261015-000042". The sequence (drizzle/0009_receipt_numbers.sql) never repeats, so the
// number is unique across days too; the date only helps a person find the receipt.

const MIN_DIGITS = 6;

export function formatReceiptNumber(issuedAt: Date, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new RangeError(`receipt sequence ${sequence}`);
  }
  const date = issuedAt.toISOString().slice(0, 10).replaceAll('-', '');
  // Past 999999 the number just grows longer: never cut, or two receipts would share it.
  return `${date}-${String(sequence).padStart(MIN_DIGITS, '0')}`;
}

export async function nextReceiptNumber(tx: Db, issuedAt: Date): Promise<string> {
  return formatReceiptNumber(issuedAt, await nextReceiptSequence(tx));
}
