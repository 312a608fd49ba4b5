import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import type { AcquirerCard, AcquirerPayment } from '../acquirer';
import {
  cardByToken,
  insertPayment,
  paymentByKey,
  type CardRow,
  type PaymentInsert,
  type PaymentRow,
} from './bank-repo';

// The sandbox bank's books (db/schema/sandbox-acquirer.ts): its payments as an acquirer
// tells them, and a payment recorded once per idempotency key.

/** The bank's database, and where its card page is (PUBLIC_URL). */
export type Books = { db: Db; publicUrl: string };

export function newId(prefix: string) {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** Whether `newId` could have made the id: anything else names no payment, asked of no database. */
export function isBankId(id: string): boolean {
  return /^(pay|bind|refund)_[0-9a-f]{24}$/.test(id);
}

export async function cardOf(books: Books, token: string | null): Promise<CardRow | undefined> {
  if (!token) return undefined;
  return cardByToken(books.db, token);
}

function cardView(card: CardRow | undefined): AcquirerCard | null {
  if (!card) return null;
  return {
    token: card.token,
    brand: card.brand,
    last4: card.last4,
    bank: card.bank,
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}

/** A payment as the acquirer interface tells it. */
export async function view(books: Books, row: PaymentRow): Promise<AcquirerPayment> {
  return {
    paymentId: row.id,
    status: row.status,
    amountMinor: row.amountMinor,
    currency: row.currency,
    capturedMinor: row.capturedMinor,
    refundedMinor: row.refundedMinor,
    errorCode: row.errorCode,
    card: cardView(await cardOf(books, row.cardToken)),
    cardSaved: row.saveCard === 1,
    redirectUrl:
      row.status === 'pending' && row.kind !== 'refund'
        ? `${books.publicUrl}/acquirer/sandbox/pay/${row.id}`
        : null,
  };
}

/** The answer about a payment the bank does not know (ACQ18). */
export function unknownPayment(paymentId: string): AcquirerPayment {
  return {
    paymentId,
    status: 'failed',
    amountMinor: 0,
    currency: 'rub',
    capturedMinor: 0,
    refundedMinor: 0,
    errorCode: 'ACQ18',
    card: null,
    cardSaved: false,
    redirectUrl: null,
  };
}

/**
 * Records a payment once per key: a repeated request answers the first one's payment; a
 * request reusing a key for something else fails with ACQ17.
 */
export async function recordOnce(
  books: Books,
  values: PaymentInsert,
): Promise<{ row: PaymentRow; isNew: boolean }> {
  try {
    const row = await insertPayment(books.db, values);
    if (!row) throw new Error('sandbox payment insert returned nothing');
    return { row, isNew: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = await paymentByKey(books.db, values.idempotencyKey);
    if (!existing) throw error;
    const same =
      existing.kind === values.kind &&
      existing.amountMinor === values.amountMinor &&
      existing.currency === values.currency &&
      (values.cardToken === undefined || existing.cardToken === values.cardToken);
    if (!same) {
      return {
        row: { ...existing, id: existing.id, status: 'failed', errorCode: 'ACQ17' },
        isNew: false,
      };
    }
    return { row: existing, isNew: false };
  }
}
