import { eq, or } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import { getReceipt } from '@evcharge/api/payments/receipts';
import {
  createShopOrder,
  getShopOrder,
  type CreateShopOrderBody,
  type ShopOrder,
} from '@evcharge/api/shop/shop';
import { balanceOperations, ledgerPostings, ledgerTransactions, receipts } from '../db/schema/money';
import { postTransaction } from '../modules/ledger';
import { dbFingerprint } from './db-fingerprint';
import type { Driver } from './charging';
import type { TestServer } from './harness';

// Shop orders for the tests: a body that the demo catalogue takes, money on a driver's
// balance, and what the ledger and the receipts say about an order.

/** Two RFID fobs and a Type 2 cable of the demo brand, delivered in Moscow. */
export function orderBody(overrides: Partial<CreateShopOrderBody> = {}): CreateShopOrderBody {
  return {
    items: [
      { itemId: 'rfid-fob', quantity: 2 },
      { itemId: 'type2-cable', quantity: 1 },
    ],
    delivery: {
      name: 'Anna Petrova',
      phone: '+7 999 123-45-67',
      city: 'Moscow',
      address: 'Tverskaya 1, flat 5',
      postcode: '125009',
      comment: 'Call before coming',
    },
    paymentMethod: 'balance',
    ...overrides,
  };
}

/** The demo catalogue's sum of `orderBody()`: 2 × 490 ₽ + 18 900 ₽ + 350 ₽ delivery. */
export const ORDER_TOTAL_MINOR = 2 * 49_000 + 1_890_000 + 35_000;

/** Money on the driver's wallet that did not come from a card (a support adjustment). */
export async function fundWallet(server: TestServer, who: Pick<Driver, 'id'>, amountMinor: number) {
  await postTransaction(server.db, {
    kind: 'adjustment',
    reference: `shop-test-${who.id}-${amountMinor}-${Math.random()}`,
    currency: 'rub',
    postings: [
      { owner: { kind: 'user_wallet', userId: who.id }, amountMinor },
      { owner: { kind: 'revenue' }, amountMinor: -amountMinor },
    ],
  });
}

export type Placed = { order: ShopOrder; redirectUrl: string | null };

export async function placeOrder(
  server: TestServer,
  who: Pick<Driver, 'token'>,
  body: CreateShopOrderBody,
  headers?: Record<string, string>,
) {
  return server.call<Placed>(createShopOrder, { token: who.token, body, headers });
}

export async function orderOf(server: TestServer, who: Pick<Driver, 'token'>, id: string) {
  const answer = await server.call<ShopOrder>(getShopOrder, { token: who.token, params: { id } });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** The order's sales in the ledger (shop_payment transactions referencing it). */
export async function salesOf(server: TestServer, orderId: string) {
  return server.db
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, orderId));
}

/** Everything the ledger holds about an order: its sale and its card payment's credit. */
export async function ledgerRowsOf(server: TestServer, orderId: string) {
  const operations = await server.db
    .select({ id: balanceOperations.id })
    .from(balanceOperations)
    .where(eq(balanceOperations.shopOrderId, orderId));
  const references = [orderId, ...operations.map((operation) => operation.id)];
  return server.db
    .select({ kind: ledgerTransactions.kind, amountMinor: ledgerPostings.amountMinor })
    .from(ledgerTransactions)
    .innerJoin(ledgerPostings, eq(ledgerPostings.transactionId, ledgerTransactions.id))
    .where(or(...references.map((reference) => eq(ledgerTransactions.reference, reference))));
}

export async function receiptsOfOrder(server: TestServer, orderId: string) {
  return server.db.select().from(receipts).where(eq(receipts.shopOrderId, orderId));
}

/** The order's receipt as the driver reads it. */
export async function receiptOf(server: TestServer, who: Pick<Driver, 'token'>, id: string) {
  const answer = await server.call<Receipt>(getReceipt, { token: who.token, params: { id } });
  expect(answer.status).toBe(200);
  return answer.body;
}

/** Runs a request that must be refused, and checks that no table changed (house rule). */
export async function expectNothingChanged<T>(server: TestServer, act: () => Promise<T>): Promise<T> {
  const before = await dbFingerprint(server.db);
  const result = await act();
  expect(await dbFingerprint(server.db)).toEqual(before);
  return result;
}
