import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { planCharge } from '@evcharge/api/sessions/plan-charge';
import { exchangeMinor } from '@evcharge/domain/exchange';
import { minStartBalanceMinor } from '@evcharge/domain/charging';
import { cardHoldMinor } from '@evcharge/domain/payments';
import { rfidTags } from '../../db/schema/driver';
import { receipts } from '../../db/schema/money';
import { connectedStation, eventually } from '../../test/charge-points';
import { driver, start, type Driver } from '../../test/charging';
import { withSimStations, withTestServer } from '../../test/hooks';
import { bindTestCard, driverWithPhone, sessionPaymentOf } from '../../test/payments';
import { sessionOf, startWithTag, testCar } from '../../test/sessions';
import { chargeUntilStopRequested, chargingNow, leave } from '../../test/sim-sessions';
import { insertTestTariff } from '../../test/station-builders';
import { walletBalanceMinor } from '../ledger';

// SPEC §3 currencies: a station priced in dollars (Aqaba), a driver whose wallet is in roubles.
// The wallet pays at the brand's rate (the demo brand's 91.2 ₽/$, payment-rule.ts), the session
// is kept and billed in roubles and its receipt says what it came to in dollars; a bank card
// pays in dollars instead, held and captured in them; too little and no card is refused in the
// wallet's own currency. Every way in goes through the one rule: the app's start, its plan and
// a driver's tag at the reader. The ledger sums to zero in each currency after every test.

const server = withTestServer();
withSimStations(server, { ledger: true });
/** 0.35 $ a kWh. */
const PER_KWH_CENTS = 35;
const usdToRub = { from: 'usd', to: 'rub', rate: '91.2' } as const;
const usdCost = (energyWh: number) => Math.floor((energyWh * PER_KWH_CENTS + 500) / 1000);
let tariffId = '';
beforeAll(async () => {
  tariffId = await insertTestTariff(server.db, { currency: 'usd', perKwhMinor: PER_KWH_CENTS });
});

const wallet = (who: { id: string }, currency: 'rub' | 'usd') =>
  walletBalanceMinor(server.db, { kind: 'user_wallet', userId: who.id }, currency);

const plan = (who: Driver, connectorId: string) =>
  server.call<{
    costMinor: number | null;
    currency: string;
    exchange: { currency: string; costMinor: number | null; rate: string } | null;
    payWith: string | null;
    blockedBy: string | null;
    balanceMinor: number;
    minBalanceMinor: number;
    balanceCurrency: string;
    cardHoldMinor: number | null;
  }>(planCharge, {
    token: who.token,
    body: { connectorId, limit: { mode: 'energy', value: 10_000 }, profile: 'fast' },
  });

async function charge(who: Driver, connectorId: string, station: Parameters<typeof leave>[1]) {
  station.plug(1, testCar);
  await station.flush();
  const started = await start(server, who, { connectorId, limit: { mode: 'energy', value: 1000 } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const { transactionId } = started.body;
  await chargingNow(server, station, transactionId);
  await chargeUntilStopRequested(server, station, transactionId, 10);
  return leave(server, station, transactionId);
}

describe('a dollar station paid from a rouble wallet', () => {
  it('plans, starts and bills in roubles at the brand rate; the receipt says both amounts', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    const connectorId = chargePoint.station.connectorIds[0]!;
    const who = await driver(server, 144_500);

    const planned = await plan(who, connectorId);
    expect(planned.status).toBe(200);
    expect(planned.body).toMatchObject({
      currency: 'rub',
      payWith: 'balance',
      blockedBy: null,
      balanceMinor: 144_500,
      balanceCurrency: 'rub',
      exchange: { currency: 'usd', costMinor: usdCost(10_000), rate: '91.2' },
    });
    expect(planned.body.costMinor).toBe(exchangeMinor(usdCost(10_000), usdToRub));

    const done = await charge(who, connectorId, station);
    expect(done).toMatchObject({
      currency: 'rub',
      priceCurrency: 'usd',
      exchangeRate: '91.2',
      paymentMethod: 'balance',
    });
    expect(done.energyWh).toBeGreaterThan(0);
    const priced = usdCost(done.energyWh);
    expect(done.costMinor).toBe(exchangeMinor(priced, usdToRub));
    expect(await wallet(who, 'rub')).toBe(144_500 - done.costMinor);
    expect(await wallet(who, 'usd')).toBe(0);

    const [receipt] = await server.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.sessionId, done.id), eq(receipts.kind, 'session')));
    expect(receipt).toMatchObject({
      currency: 'rub',
      amountMinor: done.costMinor,
      exchange: { currency: 'usd', amountMinor: priced, rate: '91.2' },
    });
    expect(receipt!.items.reduce((sum, item) => sum + item.amountMinor, 0)).toBe(done.costMinor);
  });

  it('a cost limit typed in the station dollars is kept as its rouble worth at the rate', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    const connectorId = chargePoint.station.connectorIds[0]!;
    const who = await driver(server, 144_500);
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, { connectorId, limit: { mode: 'cost', value: 100 } });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({ currency: 'rub', limit: { mode: 'cost', value: 9_120 } });
    await chargingNow(server, station, started.body.transactionId);
    await chargeUntilStopRequested(server, station, started.body.transactionId, 60);
    const done = await leave(server, station, started.body.transactionId);
    // Stopped at the first reading past the rouble worth of $1.00 (a minute at 11 kW is 184 Wh),
    // not at 100 kopecks (the dollars read as roubles) nor at 100 dollars.
    expect(done.serverStopReason).toBe('limit');
    expect(done.costMinor).toBeGreaterThanOrEqual(9_120);
    expect(done.costMinor).toBeLessThan(9_120 + exchangeMinor(usdCost(184 * 2), usdToRub));
  });

  it('with an empty wallet and a bound card: the card is held and captured in dollars', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    const connectorId = chargePoint.station.connectorIds[0]!;
    const who = await driverWithPhone(server);
    await bindTestCard(server, who, '4242424242424242');

    const planned = await plan(who, connectorId);
    expect(planned.body).toMatchObject({
      currency: 'usd',
      payWith: 'card',
      exchange: null,
      cardHoldMinor: cardHoldMinor('usd'),
      balanceCurrency: 'rub',
    });

    const done = await charge(who, connectorId, station);
    expect(done).toMatchObject({ currency: 'usd', priceCurrency: null, paymentMethod: 'card' });
    expect(done.costMinor).toBe(usdCost(done.energyWh));
    const captured = await eventually(async () => {
      const operation = await sessionPaymentOf(server, done.id);
      return operation?.status === 'succeeded' && operation;
    });
    expect(captured).toMatchObject({
      currency: 'usd',
      amountMinor: cardHoldMinor('usd'),
      capturedMinor: done.costMinor,
    });
    expect(await wallet(who, 'usd')).toBe(0);
    expect(await wallet(who, 'rub')).toBe(0);
  });

  it('too little in roubles and no card: refused, saying the balance and minimum in roubles', async () => {
    const { chargePoint } = await connectedStation(server, { tariffId });
    const connectorId = chargePoint.station.connectorIds[0]!;
    const who = await driver(server, 5_000);

    const planned = await plan(who, connectorId);
    expect(planned.body).toMatchObject({
      payWith: null,
      blockedBy: 'funds',
      balanceMinor: 5_000,
      minBalanceMinor: minStartBalanceMinor('rub'),
      balanceCurrency: 'rub',
    });
    const refused = await start(server, who, { connectorId });
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

  it("a driver's tag at the reader goes through the same rule: billed in roubles at the rate", async () => {
    const { station } = await connectedStation(server, { tariffId });
    const who = await driver(server, 144_500);
    const tag = `CARD-${randomBytes(4).toString('hex')}`;
    await server.db.insert(rfidTags).values({ userId: who.id, uid: tag });
    const transactionId = await startWithTag(station, tag);
    expect(await sessionOf(server, transactionId)).toMatchObject({
      currency: 'rub',
      priceCurrency: 'usd',
      exchangeRate: '91.2',
      paymentMethod: 'balance',
    });
    await chargingNow(server, station, transactionId);
    station.clock.advance(10 * 60_000);
    await station.flush();
    station.stop(1);
    await station.flush();
    const done = await leave(server, station, transactionId);
    expect(done.costMinor).toBe(exchangeMinor(usdCost(done.energyWh), usdToRub));
    expect(await wallet(who, 'rub')).toBe(144_500 - done.costMinor);
  });
});
