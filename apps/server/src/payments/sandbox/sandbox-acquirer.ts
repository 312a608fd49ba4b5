import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Acquirer } from '../acquirer';
import { capture, cardPayment, checkout, refund, release } from './bank';
import {
  insertServerKey,
  paymentById,
  paymentByKey,
  serverKey,
  unbindCard,
  type PaymentRow,
} from './bank-repo';
import { cardOf, view, type Books } from './books';
import { createNotifier, type Notify } from './notifier';
import { complete, enterCard, wrongChallenge, type EnteredCard } from './page-steps';
import type { CardBehaviour } from './test-cards';

// The built-in acquirer (ACQUIRER=sandbox, the default): a bank in the same process with its
// own books (db/schema/sandbox-acquirer.ts, ./bank.ts), its own card page with a 3-D Secure
// step (./pages.ts, ./page-steps.ts) and signed notifications (./notifier.ts), so every path of
// a real acquirer can be walked without one: declines by test card, lost answers,
// notifications before or after the return.

export const SANDBOX = 'sandbox';

export type SandboxAcquirer = Acquirer & {
  /** The page's view of a payment (amount, what it is for, whether it waits for a card). */
  pagePayment(paymentId: string): Promise<PaymentRow | undefined>;
  /** The card typed on the page: keeps it, and asks for the 3-D Secure code. */
  enterCard(paymentId: string, card: EnteredCard): Promise<PaymentRow | undefined>;
  /** Ends the payment with the card's answer: succeeded, or failed with a code. */
  complete(paymentId: string, outcome: { errorCode: string | null }): Promise<PaymentRow | undefined>;
  /** A wrong 3-D Secure code: counts it; the third one fails the payment (ACQ12). */
  wrongChallenge(paymentId: string): Promise<PaymentRow | undefined>;
  /** What a card's test number stands for. */
  cardBehaviour(token: string): Promise<CardBehaviour | undefined>;
  /** Notifications still being delivered, for a clean shutdown. */
  settled(): Promise<void>;
};

export function createSandboxAcquirer(options: {
  db: Db;
  /** Where the card page is: PUBLIC_URL. */
  publicUrl: string;
  secret: string;
  notify?: Notify;
  /** Pauses between notification attempts (ms); the last attempt gives up. */
  retryDelaysMs?: readonly number[];
}): SandboxAcquirer {
  const books: Books = { db: options.db, publicUrl: options.publicUrl };
  const notifier = createNotifier(options);
  const page = { ...books, notifier };
  return {
    name: SANDBOX,
    checkout: (request) => checkout(books, request),
    charge: (request) => cardPayment(books, 'pay', request),
    hold: (request) => cardPayment(books, 'hold', request),
    capture: (request) => capture(books, request),
    release: (request) => release(books, request),
    refund: (request) => refund(books, request),
    async payment(paymentId) {
      const row = await paymentById(books.db, paymentId);
      return row && view(books, row);
    },
    async paymentByKey(key) {
      const row = await paymentByKey(books.db, key);
      return row && view(books, row);
    },
    unbind: (cardToken) => unbindCard(books.db, cardToken),
    verifyCallback: (rawBody, headers) => notifier.verify(rawBody, headers),
    pagePayment: (paymentId) => paymentById(books.db, paymentId),
    async cardBehaviour(token) {
      const card = await cardOf(books, token);
      return card?.behaviour as CardBehaviour | undefined;
    },
    enterCard: (paymentId, card) => enterCard(page, paymentId, card),
    complete: (paymentId, outcome) => complete(page, paymentId, outcome),
    wrongChallenge: (paymentId) => wrongChallenge(page, paymentId),
    settled: () => notifier.settled(),
  };
}

/**
 * The key the sandbox signs its notifications with: made once and kept in the database, so
 * every instance on it checks the same signatures.
 */
export async function sandboxSecret(db: Db): Promise<string> {
  const name = 'sandbox_acquirer_secret';
  await insertServerKey(db, name, { secret: randomBytes(32).toString('hex') });
  const row = await serverKey(db, name);
  const secret = row?.value.secret;
  if (typeof secret !== 'string') throw new Error('the sandbox acquirer secret is unreadable');
  return secret;
}
