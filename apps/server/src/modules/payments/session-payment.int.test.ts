import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { checkChargeTimeout } from '@evcharge/api/sessions/session-settings';
import { getBalance, payDebt } from '@evcharge/api/payments/balance';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { cardHoldMinor } from '@evcharge/domain/payments';
import { loadConfig } from '../../config';
import { chargingSessions } from '../../db/schema/charging';
import { balanceOperations, ledgerTransactions, receipts } from '../../db/schema/money';
import { sandboxPayments } from '../../db/schema/sandbox-acquirer';
import { closeSimStations, connectedStation, eventually } from '../../test/charge-points';
import { expectLedgerBalanced, start, type Driver } from '../../test/charging';
import { startTestServer, type TestServer } from '../../test/harness';
import {
  bindTestCard,
  cardsOf,
  driverWithPhone,
  ledgerTransactionsFor,
  sandboxPaymentOf,
  sessionPaymentOf,
} from '../../test/payments';
import { insertSessionTariff, perKwh, sessionOf, testCar } from '../../test/sessions';
import { chargeUntilStopRequested, chargingNow, leave } from '../../test/sim-sessions';
import { insertTestTariff } from '../../test/station-builders';
import { postTransaction, walletBalanceMinor } from '../ledger';

// Sessions paid by card against the simulator over loopback and the sandbox
// acquirer: with the balance short, the start holds cardHoldMinor on the default card; the
// hold is released when the start fails, the cost is captured from it at the end, the server
// stops the session before its cost passes the hold, and what the hold does not cover is debt.

let server: TestServer;
let tariffId: string;
/** 150.00 a kWh, parking 1.00 a minute after 10 free: the test car reaches the hold in ~36 min. */
let dearTariffId: string;
const HOLD = cardHoldMinor('rub');
const DEAR_PER_KWH_MINOR = 15_000;
const perKwhDear = (energyWh: number) => Math.floor((energyWh * DEAR_PER_KWH_MINOR + 500) / 1000);

beforeAll(async () => {
  // The sweep every half second: a start past its deadline is cancelled within the test.
  const { charging } = loadConfig({
    PUBLIC_URL: 'http://evcharge.test',
    DEMO_MODE: 'true',
    CHARGE_SWEEP_SECONDS: '0.5',
  });
  server = await startTestServer({ config: { charging } });
  tariffId = await insertSessionTariff(server);
  dearTariffId = await insertTestTariff(server.db, {
    perKwhMinor: DEAR_PER_KWH_MINOR,
    parkingPerMinuteMinor: 100,
    freeIdleMinutes: 10,
  });
});
afterEach(async () => {
  await closeSimStations();
  await expectLedgerBalanced(server);
});
afterAll(async () => {
  await server?.close();
});

const wallet = (who: Driver) =>
  walletBalanceMinor(server.db, { kind: 'user_wallet', userId: who.id }, 'rub');

/** A driver with an empty wallet and one bound (default) card. */
async function driverWithCard(number = '4242424242424242') {
  const who = await driverWithPhone(server);
  const card = await bindTestCard(server, who, number);
  expect(card).toMatchObject({ status: 'linked', isDefault: true });
  return { who, card };
}

/** The hold once it is final (the capture runs right after the session ends). */
async function finalHold(sessionId: string) {
  return eventually(async () => {
    const operation = await sessionPaymentOf(server, sessionId);
    return operation && !['pending', 'held'].includes(operation.status) && operation;
  });
}

async function sessionsOf(who: Driver) {
  return server.db.select().from(chargingSessions).where(eq(chargingSessions.userId, who.id));
}

async function holdsOf(who: Driver) {
  return server.db
    .select()
    .from(balanceOperations)
    .where(
      and(eq(balanceOperations.userId, who.id), eq(balanceOperations.orderType, 'SessionPayment')),
    );
}

describe('a session paid by card', () => {
  it('holds the card at the start, captures exactly the cost at the end, and leaves no debt', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    const { who } = await driverWithCard();
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      limit: { mode: 'energy', value: 1000 },
    });
    expect(started.status).toBe(200);
    const { transactionId } = started.body;
    const running = await sessionOf(server, transactionId);
    expect(running).toMatchObject({ paymentMethod: 'card', fundsCapMinor: HOLD });
    const hold = await sessionPaymentOf(server, running.id);
    expect(hold).toMatchObject({ status: 'held', amountMinor: HOLD, currency: 'rub' });
    expect(await sandboxPaymentOf(server, hold!.acquirerPaymentId)).toMatchObject({
      kind: 'hold',
      status: 'held',
      amountMinor: HOLD,
      capturedMinor: 0,
    });

    await chargingNow(server, station, transactionId);
    await chargeUntilStopRequested(server, station, transactionId, 10);
    const done = await leave(server, station, transactionId);
    expect(done.costMinor).toBe(perKwh(done.energyWh));
    expect(done.costMinor).toBeGreaterThan(0);

    const captured = await finalHold(done.id);
    expect(captured).toMatchObject({ status: 'succeeded', capturedMinor: done.costMinor });
    expect(await sandboxPaymentOf(server, captured.acquirerPaymentId)).toMatchObject({
      status: 'succeeded',
      capturedMinor: done.costMinor,
    });
    // The cost left the wallet for revenue and came back from the card: nothing owed.
    const moved = await ledgerTransactionsFor(server, done.id, captured.id);
    expect(moved.map((row) => [row.kind, row.reference]).sort()).toEqual([
      ['card_payment', captured.id],
      ['charge_payment', done.id],
    ]);
    expect(captured.ledgerTransactionId).toBe(moved.find((row) => row.kind === 'card_payment')?.id);
    expect(await wallet(who)).toBe(0);
    const balance = await server.call<{ balanceMinor: number; debtMinor: number }>(getBalance, {
      token: who.token,
    });
    expect(balance.body).toMatchObject({ balanceMinor: 0, debtMinor: 0 });

    const [receipt] = await server.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.kind, 'session'), eq(receipts.sessionId, done.id)));
    expect(receipt).toMatchObject({
      amountMinor: done.costMinor,
      payment: { method: 'card', cardBrand: 'visa', cardLast4: '4242' },
    });
  });
});

describe('a start that does not happen lets the hold go', () => {
  it('when the charge point rejects the remote start', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    const { who } = await driverWithCard();
    station.setRejectCommands(true);
    const answer = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'COMMAND_REJECTED' });

    const [session] = await sessionsOf(who);
    expect(session).toMatchObject({
      status: 'cancelled',
      serverStopReason: 'rejected',
      costMinor: 0,
    });
    const hold = await sessionPaymentOf(server, session!.id);
    expect(hold).toMatchObject({ status: 'released', capturedMinor: 0, ledgerTransactionId: null });
    expect(await sandboxPaymentOf(server, hold!.acquirerPaymentId)).toMatchObject({
      status: 'released',
      capturedMinor: 0,
    });
    expect(await ledgerTransactionsFor(server, session!.id, hold!.id)).toEqual([]);
    expect(await wallet(who)).toBe(0);
  });

  it('when the car never takes the start up: the sweep cancels it at its deadline', async () => {
    const { chargePoint } = await connectedStation(server, { tariffId });
    const { who } = await driverWithCard();
    const started = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('preparing');
    const preparing = await sessionOf(server, started.body.transactionId);
    expect(await sessionPaymentOf(server, preparing.id)).toMatchObject({ status: 'held' });

    await server.db
      .update(chargingSessions)
      .set({ startDeadlineAt: new Date(Date.now() - 1000) })
      .where(eq(chargingSessions.id, preparing.id));
    const cancelled = await eventually(async () => {
      const session = await sessionOf(server, started.body.transactionId);
      return session.status === 'cancelled' && session;
    });
    expect(cancelled).toMatchObject({ serverStopReason: 'timeout', costMinor: 0 });
    const check = await server.call<{ isTimedOut: boolean; charge: Charge }>(checkChargeTimeout, {
      token: who.token,
      params: { transactionId: started.body.transactionId },
    });
    expect(check.body).toMatchObject({ isTimedOut: true, charge: { status: 'cancelled' } });

    // The session is cancelled first and the hold let go right after, outside its transaction.
    const hold = await eventually(async () => {
      const payment = await sessionPaymentOf(server, preparing.id);
      return payment?.status === 'released' && payment;
    });
    expect(hold).toMatchObject({ status: 'released', capturedMinor: 0 });
    expect(await sandboxPaymentOf(server, hold.acquirerPaymentId)).toMatchObject({
      status: 'released',
    });
    expect(await ledgerTransactionsFor(server, preparing.id, hold.id)).toEqual([]);
    expect(await wallet(who)).toBe(0);
  });
});

describe('the hold caps the session', () => {
  it('stops the session before its cost passes the hold, and captures at most the hold', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId: dearTariffId });
    const { who } = await driverWithCard();
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(started.status).toBe(200);
    const { transactionId } = started.body;
    await chargingNow(server, station, transactionId);
    // 2,750 a minute: the hold lasts about 36 minutes; without the cap it would go on.
    await chargeUntilStopRequested(server, station, transactionId, 60);
    const done = await leave(server, station, transactionId);
    expect(done.serverStopReason).toBe('funds');
    expect(done.costMinor).toBeLessThanOrEqual(HOLD);
    expect(done.costMinor).toBeGreaterThan(HOLD - 2 * perKwhDear(200));

    const captured = await finalHold(done.id);
    expect(captured).toMatchObject({ status: 'succeeded', capturedMinor: done.costMinor });
    expect(captured.capturedMinor).toBeLessThanOrEqual(HOLD);
    expect(await wallet(who)).toBe(0);
  });
});

describe('a card that cannot pay', () => {
  it('a hold the bank declines answers its ACQ code and leaves no session open', async () => {
    const { chargePoint } = await connectedStation(server, { tariffId });
    // Binds, then every payment fails with ACQ1 (insufficient funds).
    const { who, card } = await driverWithCard('4000000000000341');
    const answer = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ code: 'ACQ1' });

    const [session] = await sessionsOf(who);
    expect(session).toMatchObject({ status: 'cancelled', serverStopReason: 'payment' });
    const hold = await sessionPaymentOf(server, session!.id);
    expect(hold).toMatchObject({ status: 'failed', errorCode: 'ACQ1', capturedMinor: 0 });
    expect(await ledgerTransactionsFor(server, session!.id, hold!.id)).toEqual([]);
    // Not the card's fault as such: it stays linked for a later try.
    expect((await cardsOf(server, who)).find((row) => row.id === card.id)).toMatchObject({
      status: 'linked',
    });
  });

  it('a card the bank blocked is marked blocked, and the next start is refused without asking the bank', async () => {
    const { chargePoint } = await connectedStation(server, { tariffId });
    const { who, card } = await driverWithCard('4000000000009987');
    const connectorId = chargePoint.station.connectorIds[0]!;
    const first = await start(server, who, { connectorId });
    expect(first.status).toBe(402);
    expect(first.body).toMatchObject({ code: 'CARD_BLOCKED' });
    expect((await cardsOf(server, who)).find((row) => row.id === card.id)).toMatchObject({
      status: 'blocked',
    });
    const [hold] = await holdsOf(who);
    expect(hold).toMatchObject({ status: 'failed', errorCode: 'CARD_BLOCKED' });
    const bankBefore = await server.db.select().from(sandboxPayments);

    const second = await start(server, who, { connectorId });
    expect(second.status).toBe(402);
    expect(second.body).toMatchObject({ code: 'CARD_BLOCKED' });
    expect(await holdsOf(who)).toHaveLength(1);
    expect(await sessionsOf(who)).toHaveLength(1);
    expect(await server.db.select().from(sandboxPayments)).toHaveLength(bankBefore.length);
    expect(await wallet(who)).toBe(0);
  });
});

describe('debt from a card session', () => {
  it('what the hold does not cover is debt: it blocks the next start until paid by card', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId: dearTariffId });
    const { who, card } = await driverWithCard();
    station.plug(1, testCar);
    await station.flush();
    const connectorId = chargePoint.station.connectorIds[0]!;
    const started = await start(server, who, { connectorId });
    expect(started.status).toBe(200);
    const { transactionId } = started.body;
    await chargingNow(server, station, transactionId);
    await chargeUntilStopRequested(server, station, transactionId, 60);
    // Stopped for the hold, the car stays 70 minutes: 60 paid parking minutes past the hold.
    const done = await leave(server, station, transactionId, 70);
    expect(done.serverStopReason).toBe('funds');
    expect(done.costMinor).toBeGreaterThan(HOLD);

    const captured = await finalHold(done.id);
    expect(captured).toMatchObject({ status: 'succeeded', capturedMinor: HOLD });
    expect(await sandboxPaymentOf(server, captured.acquirerPaymentId)).toMatchObject({
      status: 'succeeded',
      capturedMinor: HOLD,
    });
    const debt = done.costMinor - HOLD;
    expect(await wallet(who)).toBe(-debt);
    const balance = await server.call<{ debtMinor: number }>(getBalance, { token: who.token });
    expect(balance.body.debtMinor).toBe(debt);

    const blocked = await start(server, who, { connectorId });
    expect(blocked.status).toBe(402);
    expect(blocked.body).toMatchObject({ code: 'DEBT_BLOCKS', details: { debtMinor: debt } });

    const paid = await server.call<PaymentResult>(payDebt, {
      token: who.token,
      body: { cardId: card.id },
    });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({
      orderType: 'PayDebt',
      status: 'succeeded',
      amountMinor: debt,
      card: { last4: '4242' },
    });
    const [receipt] = await server.db
      .select()
      .from(receipts)
      .where(eq(receipts.id, paid.body.receiptId ?? ''));
    expect(receipt).toMatchObject({ kind: 'debt_payment', amountMinor: debt });
    const [credited] = await server.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.kind, 'debt_payment'),
          eq(ledgerTransactions.reference, paid.body.operationId),
        ),
      );
    expect(credited).toBeDefined();
    expect(await wallet(who)).toBe(0);

    // Paid: the next start works at once (on a new hold).
    const again = await start(server, who, { connectorId });
    expect(again.status).toBe(200);
    const next = await sessionOf(server, again.body.transactionId);
    expect(await sessionPaymentOf(server, next.id)).toMatchObject({
      status: 'held',
      amountMinor: HOLD,
    });
  });

  it('a debt paid twice at once (a double tap) is taken from the card once', async () => {
    const { who, card } = await driverWithCard();
    // What a session cost beyond what paid for it: the wallet below zero.
    await postTransaction(server.db, {
      kind: 'charge_payment',
      reference: `debt-${who.id}`,
      currency: 'rub',
      postings: [
        { owner: { kind: 'user_wallet', userId: who.id }, amountMinor: -12_500 },
        { owner: { kind: 'revenue' }, amountMinor: 12_500 },
      ],
    });
    const answers = await Promise.all(
      [1, 2].map(() =>
        server.call<PaymentResult>(payDebt, { token: who.token, body: { cardId: card.id } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toContain(201);
    const paid = await server.db
      .select()
      .from(balanceOperations)
      .where(and(eq(balanceOperations.userId, who.id), eq(balanceOperations.orderType, 'PayDebt')));
    const taken = paid
      .filter((operation) => operation.status === 'succeeded')
      .reduce((sum, operation) => sum + operation.capturedMinor, 0);
    expect(taken, 'taken from the card for a debt of 125.00').toBe(12_500);
    expect(await wallet(who)).toBe(0);
  });
});
