import {
  countWrongChallenge,
  insertCard,
  paymentById,
  updatePending,
  type PaymentInsert,
  type PaymentRow,
} from './bank-repo';
import { newId, type Books } from './books';
import type { Notifier } from './notifier';
import type { CardBehaviour } from './test-cards';

// The bank's side of its card page (pages.ts): the card typed, then the 3-D Secure step; a
// payment that ends there is notified to the shop.

const MAX_CHALLENGE_TRIES = 3;

export type EnteredCard = {
  brand: string;
  bank: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: CardBehaviour;
};

type Page = Books & { notifier: Notifier };

/** Moves a pending payment on once: of two simultaneous submissions, one wins. */
async function finishPending(page: Page, id: string, set: Partial<PaymentInsert>) {
  const row = await updatePending(page.db, id, set);
  if (row && row.status !== 'pending') page.notifier.deliver(row);
  return row ?? (await paymentById(page.db, id));
}

/** The card typed on the page: keeps it, and asks for the 3-D Secure code. */
export async function enterCard(
  page: Page,
  paymentId: string,
  card: EnteredCard,
): Promise<PaymentRow | undefined> {
  const token = newId('card');
  await insertCard(page.db, { token, ...card });
  return updatePending(page.db, paymentId, { cardToken: token, challengeToken: newId('3ds') });
}

/** Ends the payment with the card's answer: succeeded, or failed with a code. */
export async function complete(
  page: Page,
  paymentId: string,
  { errorCode }: { errorCode: string | null },
): Promise<PaymentRow | undefined> {
  const row = await paymentById(page.db, paymentId);
  if (!row) return undefined;
  return finishPending(page, paymentId, {
    status: errorCode ? 'failed' : 'succeeded',
    errorCode,
    capturedMinor: errorCode ? 0 : row.amountMinor,
    challengeToken: null,
  });
}

/** A wrong 3-D Secure code: counts it; the third one fails the payment (ACQ12). */
export async function wrongChallenge(page: Page, paymentId: string): Promise<PaymentRow | undefined> {
  const row = await countWrongChallenge(page.db, paymentId);
  if (row && row.challengeTries >= MAX_CHALLENGE_TRIES)
    return finishPending(page, paymentId, { status: 'failed', errorCode: 'ACQ12', challengeToken: null });
  return row ?? (await paymentById(page.db, paymentId));
}
