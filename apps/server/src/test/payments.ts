import { and, eq, or } from 'drizzle-orm';
import { expect } from 'vitest';
import { bindCard, listCards } from '@evcharge/api/payments/cards';
import { getPayment } from '@evcharge/api/payments/payments';
import type { Card, PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { balanceOperations, ledgerTransactions } from '../db/schema/money';
import { sandboxPayments } from '../db/schema/sandbox-acquirer';
import type { Driver } from './charging';
import { signedInUser } from './builders';
import type { TestServer } from './harness';
import { payOnSandboxPage } from './sandbox-card';

// Drivers with bound cards for the payment tests, and what the sandbox acquirer's books and
// ours say about a payment.

let phones = 0;

/** A signed-in driver with a confirmed phone (a card may be bound) and an empty wallet. */
export async function driverWithPhone(server: TestServer): Promise<Driver> {
  phones += 1;
  // Each test file has a database of its own: a counter keeps confirmed phones unique in it.
  return signedInUser(server, {
    phone: `+7901${String(phones).padStart(7, '0')}`,
    isPhoneConfirmed: true,
  });
}

/**
 * Binds a test card through the sandbox page and 3-D Secure (the first card is the default);
 * answers the card as GET /cards shows it.
 */
export async function bindTestCard(server: TestServer, who: Driver, number: string): Promise<Card> {
  const started = await server.call<PaymentResult>(bindCard, { token: who.token, body: {} });
  expect(started.status).toBe(201);
  await payOnSandboxPage(server, started.body.redirectUrl ?? '', { number });
  const result = await server.call<PaymentResult>(getPayment, {
    token: who.token,
    params: { id: started.body.operationId },
  });
  expect(result.body.status).toBe('succeeded');
  const cards = await server.call<{ items: Card[] }>(listCards, { token: who.token });
  const card = cards.body.items.find((item) => item.last4 === number.slice(-4));
  if (!card) throw new Error(`card ${number} not bound`);
  return card;
}

export async function cardsOf(server: TestServer, who: Driver): Promise<Card[]> {
  return (await server.call<{ items: Card[] }>(listCards, { token: who.token })).body.items;
}

/** The SessionPayment operation (the card's hold) of a session. */
export async function sessionPaymentOf(server: TestServer, sessionId: string) {
  const [operation] = await server.db
    .select()
    .from(balanceOperations)
    .where(
      and(
        eq(balanceOperations.sessionId, sessionId),
        eq(balanceOperations.orderType, 'SessionPayment'),
      ),
    );
  return operation;
}

/** The payment as the sandbox acquirer keeps it in its own books. */
export async function sandboxPaymentOf(server: TestServer, paymentId: string | null) {
  if (!paymentId) return undefined;
  const [payment] = await server.db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, paymentId));
  return payment;
}

/** Ledger transactions that name a session or an operation as their reference. */
export async function ledgerTransactionsFor(server: TestServer, ...references: string[]) {
  return server.db
    .select()
    .from(ledgerTransactions)
    .where(or(...references.map((reference) => eq(ledgerTransactions.reference, reference))));
}
