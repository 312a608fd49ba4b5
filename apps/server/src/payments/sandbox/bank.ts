import type { Acquirer, AcquirerPayment, CardRequest, CheckoutRequest } from '../acquirer';
import {
  captureHeld,
  insertPayment,
  lockPayment,
  paymentById,
  paymentByKey,
  releaseHeld,
  setRefunded,
  type CardRow,
} from './bank-repo';
import { cardOf, newId, recordOnce, unknownPayment, view, type Books } from './books';

// What the sandbox bank does when the shop asks: a payment on its card page, a payment or a
// hold on a bound card, a capture, a release, a refund. Each answers as a real acquirer would.

/** A payment the customer completes on the card page (a binding, or a one-time card). */
export async function checkout(books: Books, request: CheckoutRequest): Promise<AcquirerPayment> {
  if (request.purpose === 'pay' && request.amountMinor <= 0) {
    const { row } = await recordOnce(books, {
      id: newId('pay'),
      idempotencyKey: request.idempotencyKey,
      kind: 'pay',
      amountMinor: Math.max(0, request.amountMinor),
      currency: request.currency,
      status: 'failed',
      errorCode: 'ACQ3',
    });
    return view(books, row);
  }
  const { row } = await recordOnce(books, {
    id: newId(request.purpose === 'bind' ? 'bind' : 'pay'),
    idempotencyKey: request.idempotencyKey,
    kind: request.purpose,
    amountMinor: request.purpose === 'bind' ? 0 : request.amountMinor,
    currency: request.currency,
    description: request.description,
    status: 'pending',
    saveCard: request.purpose === 'bind' || request.saveCard ? 1 : 0,
    returnUrl: request.returnUrl,
    callbackUrl: request.callbackUrl,
  });
  return view(books, row);
}

/** What a bound card's payment ends with, by what its test number stands for. */
function declineOf(card: CardRow | undefined, amountMinor: number): string | null {
  if (!card || card.unbound) return 'ACQ15';
  if (amountMinor <= 0) return 'ACQ3';
  const behaviour = card.behaviour;
  if (behaviour === 'ok') return null;
  if (behaviour === 'blocked') return 'CARD_BLOCKED';
  const code = behaviour.replace(/^later:/, '');
  return code;
}

/** Takes (pay) or holds (hold) money on a bound card at once. */
export async function cardPayment(books: Books, kind: 'pay' | 'hold', request: CardRequest) {
  const card = await cardOf(books, request.cardToken);
  const decline = declineOf(card, request.amountMinor);
  const success = kind === 'hold' ? 'held' : 'succeeded';
  const { row } = await recordOnce(books, {
    id: newId('pay'),
    idempotencyKey: request.idempotencyKey,
    kind,
    amountMinor: request.amountMinor,
    currency: request.currency,
    description: request.description,
    cardToken: request.cardToken,
    status: decline ? 'failed' : success,
    errorCode: decline,
    capturedMinor: !decline && kind === 'pay' ? request.amountMinor : 0,
  });
  return view(books, row);
}

export async function capture(
  books: Books,
  { paymentId, amountMinor }: Parameters<Acquirer['capture']>[0],
): Promise<AcquirerPayment> {
  const row = await captureHeld(books.db, paymentId, amountMinor);
  const now = row ?? (await paymentById(books.db, paymentId));
  if (!now) return { ...unknownPayment(paymentId), errorCode: 'ACQ18' };
  if (now.kind !== 'hold') return { ...(await view(books, now)), status: 'failed', errorCode: 'ACQ13' };
  return view(books, now);
}

export async function release(
  books: Books,
  { paymentId }: Parameters<Acquirer['release']>[0],
): Promise<AcquirerPayment> {
  const row = await releaseHeld(books.db, paymentId);
  const now = row ?? (await paymentById(books.db, paymentId));
  if (!now) return { ...unknownPayment(paymentId), errorCode: 'ACQ18' };
  return view(books, now);
}

/** Gives back part of a succeeded payment, at most what is left of what it took. */
export async function refund(
  books: Books,
  { idempotencyKey, paymentId, amountMinor }: Parameters<Acquirer['refund']>[0],
): Promise<AcquirerPayment> {
  const existing = await paymentByKey(books.db, idempotencyKey);
  if (existing) return view(books, existing);
  const done = await books.db.transaction(async (tx) => {
    const parent = await lockPayment(tx, paymentId);
    if (!parent) return undefined;
    const left = parent.capturedMinor - parent.refundedMinor;
    const decline =
      parent.status !== 'succeeded'
        ? 'ACQ13'
        : amountMinor <= 0 || amountMinor > left
          ? 'ACQ3'
          : null;
    const row = await insertPayment(tx, {
      id: newId('refund'),
      idempotencyKey,
      kind: 'refund',
      amountMinor: Math.max(0, amountMinor),
      currency: parent.currency,
      cardToken: parent.cardToken,
      parentId: parent.id,
      status: decline ? 'failed' : 'succeeded',
      errorCode: decline,
      capturedMinor: decline ? 0 : amountMinor,
    });
    if (!row) throw new Error('sandbox refund insert returned nothing');
    if (!decline) await setRefunded(tx, parent.id, parent.refundedMinor + amountMinor);
    return row;
  });
  // Outside the transaction: on PGlite a query beside an open transaction waits for it.
  return done ? view(books, done) : { ...unknownPayment(paymentId), errorCode: 'ACQ18' };
}
