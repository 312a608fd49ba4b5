import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { brandById } from '../brand/brands';
import type { Db } from '../db/client';
import { chargingSessions } from '../db/schema/charging';
import { paymentCards } from '../db/schema/driver';
import { balanceOperations, type OrderType } from '../db/schema/money';
import { postTransaction } from '../modules/ledger';
import {
  issueOperationReceipt,
  issueSessionAdjustmentReceipt,
  issueSessionReceipt,
  type SessionAdjustmentFacts,
  type SessionReceiptFacts,
} from '../modules/receipts';
import { costFactsAt } from '../modules/sessions/charge-view';
import { costBreakdown } from '../modules/sessions/cost';
import { sessionSamples } from '../modules/sessions/meter-repo';
import { findPlacedSession } from '../modules/sessions/repo';
import { loadTariffs } from '../modules/stations';
import type { TestServer } from './harness';
import { addStation, insertTestTariff } from './station-builders';

// Test data for the receipts tests: cards, acquirer operations and sessions put straight into
// the database, as the payments and charging code would leave them.

export const brandOf = (server: TestServer) => brandById(server.config.brand);

/**
 * A stored session priced as finishSession prices it (the tariff over its facts and readings),
 * for sessions these tests put straight into the database.
 */
async function sessionReceiptFacts(
  tx: Db,
  sessionId: string,
): Promise<SessionReceiptFacts | undefined> {
  const session = await findPlacedSession(tx, sessionId);
  if (!session) return undefined;
  const tariff = session.tariffId
    ? (await loadTariffs(tx, [session.tariffId])).get(session.tariffId)
    : undefined;
  let cost: SessionReceiptFacts['cost'];
  if (tariff) {
    const facts = costFactsAt(session, session.stoppedAt ?? session.updatedAt);
    const readings = await sessionSamples(tx, session.id);
    cost = costBreakdown(tariff, session, { ...facts, readings });
  }
  return {
    sessionId: session.id,
    userId: session.userId,
    status: session.status,
    costMinor: session.costMinor,
    currency: session.currency,
    paymentMethod: session.paymentMethod,
    cost,
  };
}

export const sessionReceipt = (server: TestServer, sessionId: string, db: Db = server.db) =>
  db.transaction(async (tx) => {
    const facts = await sessionReceiptFacts(tx, sessionId);
    return facts && issueSessionReceipt(tx, brandOf(server), facts);
  });

export const adjustmentReceipt = (server: TestServer, facts: SessionAdjustmentFacts) =>
  server.db.transaction((tx) => issueSessionAdjustmentReceipt(tx, brandOf(server), facts));

export const operationReceipt = (server: TestServer, operationId: string, db: Db = server.db) =>
  db.transaction((tx) => issueOperationReceipt(tx, brandOf(server), operationId));

export async function insertCard(server: TestServer, userId: string, last4 = '4242') {
  const [card] = await server.db
    .insert(paymentCards)
    .values({
      userId,
      acquirer: 'sandbox',
      token: `tok-${randomBytes(6).toString('hex')}`,
      brand: 'visa',
      last4,
      expMonth: 12,
      expYear: 2030,
      status: 'linked',
    })
    .returning({ id: paymentCards.id });
  if (!card) throw new Error('card insert failed');
  return card.id;
}

/**
 * An acquirer operation. A succeeded top-up also credits the wallet in the ledger, as the
 * payments code does when the acquirer confirms it.
 */
export async function insertOperation(
  server: TestServer,
  values: {
    userId: string;
    orderType: OrderType;
    amountMinor: number;
    status?: (typeof balanceOperations.$inferInsert)['status'];
    cardId?: string | null;
    capturedMinor?: number;
    refundOfId?: string;
    sessionId?: string;
  },
) {
  const status = values.status ?? 'succeeded';
  const paymentId = randomUUID();
  const ledgerTransactionId =
    values.orderType === 'TopUpBalance' && status === 'succeeded'
      ? await postTransaction(server.db, {
          kind: 'top_up',
          reference: paymentId,
          currency: 'rub',
          postings: [
            {
              owner: { kind: 'user_wallet', userId: values.userId },
              amountMinor: values.amountMinor,
            },
            { owner: { kind: 'acquirer_clearing' }, amountMinor: -values.amountMinor },
          ],
        })
      : null;
  const [operation] = await server.db
    .insert(balanceOperations)
    .values({
      ...values,
      status,
      currency: 'rub',
      acquirer: 'sandbox',
      acquirerPaymentId: paymentId,
      idempotencyKey: randomUUID(),
      capturedMinor: values.capturedMinor ?? (status === 'succeeded' ? values.amountMinor : 0),
      ledgerTransactionId,
      completedAt: status === 'succeeded' ? new Date() : null,
    })
    .returning({ id: balanceOperations.id });
  if (!operation) throw new Error('operation insert failed');
  return operation.id;
}

/** 30.00 to start, 15.55 per kWh, 0.07 per charging minute, 1.00 per parking minute. */
export const receiptTariff = {
  startFeeMinor: 3000,
  perKwhMinor: 1555,
  perMinuteMinor: 7,
  parkingPerMinuteMinor: 100,
  freeIdleMinutes: 0,
} as const;

export function insertReceiptTariff(server: TestServer) {
  return insertTestTariff(server.db, receiptTariff);
}

/** A finished session put straight into the table: `minutes` of charging, `energyWh` drawn. */
export async function insertFinishedSession(
  server: TestServer,
  values: {
    userId: string;
    tariffId: string;
    energyWh: number;
    minutes: number;
    costMinor: number;
    paymentMethod?: 'balance' | 'card';
  },
) {
  const station = await addStation(server, {
    lat: -60 + Math.random() * 120,
    lng: -170 + Math.random() * 340,
    tariffId: values.tariffId,
    connectors: [{}],
  });
  const stoppedAt = new Date(Date.now() - 60_000);
  const startedAt = new Date(stoppedAt.getTime() - values.minutes * 60_000);
  const [session] = await server.db
    .insert(chargingSessions)
    .values({
      userId: values.userId,
      connectorId: station.connectorIds[0]!,
      tariffId: values.tariffId,
      status: 'success',
      paymentMethod: values.paymentMethod ?? 'balance',
      energyWh: values.energyWh,
      costMinor: values.costMinor,
      currency: 'rub',
      createdAt: startedAt,
      startedAt,
      stoppedAt,
    })
    .returning();
  if (!session) throw new Error('session insert failed');
  return session;
}

export const itemsSum = (items: readonly { amountMinor: number }[]) =>
  items.reduce((sum, item) => sum + item.amountMinor, 0);

export function expectNumber(number: string) {
  expect(number).toMatch(/^\d{8}-\d{6,}$/);
}
