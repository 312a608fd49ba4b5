import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectorReserveNowV2 } from '@evcharge/api/reserves/reserves';
import { minStartBalanceMinor } from '@evcharge/domain/charging';
import { balanceOperations } from '../../db/schema/money';
import { connectedStation, eventually } from '../../test/charge-points';
import { driver, type Driver } from '../../test/charging';
import { withSimStations, withTestServer } from '../../test/hooks';
import { bindTestCard, driverWithPhone } from '../../test/payments';
import { cancel, reservationReceipt, reservationRow, reserve } from '../../test/reservations';
import { insertTestTariff } from '../../test/station-builders';
import { walletBalanceMinor } from '../ledger';

// SPEC §3 Reservation and currencies: reserving at a station priced in dollars (Aqaba) with a
// wallet in roubles. The wallet pays at the brand's rate (91.2 ₽/$ in the demo brand, the one
// rule of sessions/payment-rule.ts): the fixed cost and a minute's are converted once, the
// reservation is kept and settled in roubles, and the quote, the reservation and its receipt
// say the dollar amounts too. A bank card pays in dollars. Too little and no card is refused
// in roubles. The ledger sums to zero in each currency after every test.

const server = withTestServer();
withSimStations(server, { ledger: true });
/** 0.55 $ fixed and 0.05 $ a minute held: 50.16 ₽ and 4.56 ₽ at 91.2. */
const FEE_CENTS = 55;
const MINUTE_CENTS = 5;
const FEE_KOPECKS = 5_016;
const MINUTE_KOPECKS = 456;
let tariffId = '';
beforeAll(async () => {
  tariffId = await insertTestTariff(server.db, {
    currency: 'usd',
    perKwhMinor: 35,
    reservationFeeMinor: FEE_CENTS,
    reservationPerMinuteMinor: MINUTE_CENTS,
  });
});

const wallet = (who: { id: string }, currency: 'rub' | 'usd') =>
  walletBalanceMinor(server.db, { kind: 'user_wallet', userId: who.id }, currency);

async function connector() {
  const { chargePoint, station } = await connectedStation(server, { tariffId });
  return { connectorId: chargePoint.station.connectorIds[0]!, station };
}

type Quote = {
  fixedCostMinor: number;
  idleMinuteCostMinor: number;
  currency: string;
  quickMaxCostMinor: number;
  payWith: string | null;
  blockedBy: string | null;
  balanceMinor: number;
  minBalanceMinor: number;
  balanceCurrency: string;
  exchange: Record<string, unknown> | null;
};

async function quote(who: Driver, connectorId: string) {
  const answer = await server.call<{ quote: Quote }>(connectorReserveNowV2, {
    token: who.token,
    params: { id: connectorId },
  });
  expect(answer.status).toBe(200);
  return answer.body.quote;
}

describe('reserving at a dollar station with a rouble wallet', () => {
  it('quotes, reserves and settles in roubles at the brand rate, saying the dollar amounts too', async () => {
    const { connectorId, station } = await connector();
    const who = await driver(server, 144_500);

    expect(await quote(who, connectorId)).toMatchObject({
      fixedCostMinor: FEE_KOPECKS,
      idleMinuteCostMinor: MINUTE_KOPECKS,
      currency: 'rub',
      quickMaxCostMinor: FEE_KOPECKS + 15 * MINUTE_KOPECKS,
      payWith: 'balance',
      blockedBy: null,
      balanceMinor: 144_500,
      balanceCurrency: 'rub',
      exchange: {
        currency: 'usd',
        fixedCostMinor: FEE_CENTS,
        idleMinuteCostMinor: MINUTE_CENTS,
        quickMaxCostMinor: FEE_CENTS + 15 * MINUTE_CENTS,
        rate: '91.2',
      },
    });

    const made = await reserve(server, who, { connectorId, mode: 'quick' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({
      status: 'active',
      payWith: 'balance',
      currency: 'rub',
      fixedCostMinor: FEE_KOPECKS,
      idleMinuteCostMinor: MINUTE_KOPECKS,
      exchange: { currency: 'usd', fixedCostMinor: FEE_CENTS, idleMinuteCostMinor: MINUTE_CENTS },
    });
    await eventually(() => station.connector(1).status === 'Reserved');
    // The fixed cost left the rouble wallet when it began; nothing was owed in dollars.
    expect(await wallet(who, 'rub')).toBe(144_500 - FEE_KOPECKS);
    expect(await wallet(who, 'usd')).toBe(0);

    const cancelled = await cancel(server, who, made.body);
    const minutes = cancelled.body.idleMinutes;
    const cost = FEE_KOPECKS + minutes * MINUTE_KOPECKS;
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      costMinor: cost,
      exchange: { currency: 'usd', costMinor: FEE_CENTS + minutes * MINUTE_CENTS, rate: '91.2' },
    });
    await eventually(async () => (await reservationRow(server, made.body.id)).settledAt);
    expect(await wallet(who, 'rub')).toBe(144_500 - cost);
    expect(await reservationReceipt(server, made.body.id)).toMatchObject({
      currency: 'rub',
      amountMinor: cost,
      exchange: { currency: 'usd', amountMinor: FEE_CENTS + minutes * MINUTE_CENTS, rate: '91.2' },
    });
  });

  it('with an empty wallet and a bound card: the card is held in dollars for the most it can cost', async () => {
    const { connectorId } = await connector();
    const who = await driverWithPhone(server);
    await bindTestCard(server, who, '4242424242424242');

    expect(await quote(who, connectorId)).toMatchObject({
      payWith: 'card',
      currency: 'usd',
      fixedCostMinor: FEE_CENTS,
      idleMinuteCostMinor: MINUTE_CENTS,
      exchange: null,
      balanceCurrency: 'rub',
    });
    const made = await reserve(server, who, { connectorId, mode: 'quick' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ payWith: 'card', currency: 'usd', exchange: null });
    const [hold] = await server.db
      .select()
      .from(balanceOperations)
      .where(
        and(
          eq(balanceOperations.reservationId, made.body.id),
          eq(balanceOperations.orderType, 'ReservationPayment'),
        ),
      );
    expect(hold).toMatchObject({
      status: 'held',
      currency: 'usd',
      amountMinor: FEE_CENTS + 15 * MINUTE_CENTS,
    });

    const cancelled = await cancel(server, who, made.body);
    const captured = await eventually(async () => {
      const [operation] = await server.db
        .select()
        .from(balanceOperations)
        .where(eq(balanceOperations.id, hold!.id));
      return operation?.status === 'succeeded' && operation;
    });
    expect(captured.capturedMinor).toBe(cancelled.body.costMinor);
    expect(await wallet(who, 'usd')).toBe(0);
    expect(await wallet(who, 'rub')).toBe(0);
  });

  it('too little in roubles and no card: refused with the rouble balance and minimum', async () => {
    const { connectorId } = await connector();
    const who = await driver(server, 5_000);

    expect(await quote(who, connectorId)).toMatchObject({
      payWith: null,
      blockedBy: 'funds',
      balanceMinor: 5_000,
      minBalanceMinor: minStartBalanceMinor('rub'),
      balanceCurrency: 'rub',
    });
    const refused = await reserve(server, who, { connectorId, mode: 'quick' });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      details: {
        balanceMinor: 5_000,
        minBalanceMinor: minStartBalanceMinor('rub'),
        currency: 'rub',
      },
    });
    expect(await wallet(who, 'rub')).toBe(5_000);
  });
});
