import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { stopCharge } from '@evcharge/api/sessions/stop-charge';
import { getSelf } from '@evcharge/api/users/get-self';
import { ledgerTransactions } from '../../db/schema/money';
import { eventually } from '../../test/charge-points';
import { driver, start, topUp } from '../../test/charging';
import { MINUTE_MS, perKwh, sessionOf, testCar } from '../../test/sessions';
import type { SimStation } from '../../test/charge-points';
import { postTransaction } from '../ledger';
import { companies, users } from '../../db/schema/users';
import { walletBalanceMinor } from '../ledger';
import { withSessionStations, withTestServer } from '../../test/hooks';

// PUT /charge and PUT /charge/stop against the simulator over loopback: a whole session,
// profiles, the corporate payer, the limits the server enforces and the money posted when a
// session ends (the start rules are in start-rules.int.test.ts).

const server = withTestServer({ config: {} });
const { connectedStation } = withSessionStations(server, { ledger: true });

/** Advances the station a simulated minute at a time until the server asked it to stop. */
async function chargeUntilStopRequested(
  station: SimStation,
  transactionId: number,
  maxMinutes: number,
) {
  for (let minute = 1; minute <= maxMinutes; minute += 1) {
    station.clock.advance(MINUTE_MS);
    await station.flush();
    const session = await sessionOf(server, transactionId);
    if (session.stopRequestedAt || session.status !== 'charging') return minute;
  }
  throw new Error(`no stop within ${maxMinutes} minutes`);
}

async function charging(station: SimStation, transactionId: number) {
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
  await station.flush();
}

const paymentsOf = (sessionId: string) =>
  server.db
    .select()
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, 'charge_payment'),
        eq(ledgerTransactions.reference, sessionId),
      ),
    );

describe('a session from the app', () => {
  it('starts, stops itself at the energy limit, parks, and takes the tariff cost from the balance once', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server, 100_000);
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      limit: { mode: 'energy', value: 1000 },
    });
    expect(started.status).toBe(200);
    expect(['preparing', 'charging']).toContain(started.body.status);
    expect(started.body.limit).toEqual({ mode: 'energy', value: 1000 });
    const { transactionId } = started.body;
    await charging(station, transactionId);

    const stopped = station.next('transactionStopped');
    // 11 kW: 183 Wh a minute, so the 1,000 Wh limit is passed in the sixth minute.
    expect(await chargeUntilStopRequested(station, transactionId, 10)).toBe(6);
    expect((await stopped).reason).toBe('Remote');
    await station.flush();
    const parked = await sessionOf(server, transactionId);
    expect(parked).toMatchObject({ status: 'parking', energyWh: 1100, serverStopReason: 'limit' });

    const left = station.next('status', (s) => s.status === 'Available');
    station.unplug(1);
    await left;
    await station.flush();
    const done = await eventually(async () => {
      const session = await sessionOf(server, transactionId);
      return session.status === 'success' && session;
    });
    expect(done.costMinor).toBe(perKwh(1100));
    const self = await server.call<{ balanceMinor: number; debtMinor: number }>(getSelf, {
      token: who.token,
    });
    expect(self.body).toMatchObject({ balanceMinor: 100_000 - perKwh(1100), debtMinor: 0 });

    // The charge point sends its StopTransaction again: nothing moves twice.
    await station.call('StopTransaction', {
      transactionId,
      meterStop: 1100,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });
    expect(await paymentsOf(done.id)).toHaveLength(1);
  });

  it('stops a session paid from the balance before the balance runs out', async () => {
    const { chargePoint, station } = await connectedStation();
    // Exactly the 100.00 minimum; the energy limit alone would cost more.
    const who = await driver(server, 10_000);
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      limit: { mode: 'energy', value: 10_000 },
    });
    expect(started.status).toBe(200);
    await charging(station, started.body.transactionId);
    await chargeUntilStopRequested(station, started.body.transactionId, 60);
    station.unplug(1);
    await station.flush();
    const done = await eventually(async () => {
      const session = await sessionOf(server, started.body.transactionId);
      return session.status === 'success' && session;
    });
    expect(done.serverStopReason).toBe('funds');
    expect(done.energyWh).toBeLessThan(10_000);
    expect(done.costMinor).toBeLessThanOrEqual(10_000);
    expect(done.costMinor).toBeGreaterThan(9_000);
    const self = await server.call<{ balanceMinor: number; debtMinor: number }>(getSelf, {
      token: who.token,
    });
    expect(self.body).toMatchObject({ balanceMinor: 10_000 - done.costMinor, debtMinor: 0 });
  });

  it('a debt (what a payment did not cover) blocks the next start until paid', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server, 10_000);
    // What a session cost beyond the balance: the wallet below zero.
    await postTransaction(server.db, {
      kind: 'charge_payment',
      reference: `debt-${who.id}`,
      currency: 'rub',
      postings: [
        { owner: { kind: 'user_wallet', userId: who.id }, amountMinor: -12_500 },
        { owner: { kind: 'revenue' }, amountMinor: 12_500 },
      ],
    });
    const self = await server.call<{ debtMinor: number }>(getSelf, { token: who.token });
    expect(self.body.debtMinor).toBe(2_500);
    station.plug(2, testCar);
    await station.flush();
    const again = await start(server, who, { connectorId: chargePoint.station.connectorIds[1]! });
    expect(again.status).toBe(402);
    expect(again.body).toMatchObject({ code: 'DEBT_BLOCKS' });
    // Paying the debt (and the minimum) unblocks at once.
    await topUp(server, who.id, self.body.debtMinor + 10_000);
    expect(
      (await start(server, who, { connectorId: chargePoint.station.connectorIds[1]! })).status,
    ).toBe(200);
  });
});

describe('charging profiles', () => {
  it('caps the power with the chosen profile (TxProfile with the remote start)', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server);
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      profile: 'gentle',
    });
    expect(started.body.profile).toBe('gentle');
    await charging(station, started.body.transactionId);
    station.clock.advance(2 * MINUTE_MS);
    await station.flush();
    // The car could take 11 kW; the gentle profile holds a 22 kW AC connector at 7.4 kW.
    expect(await sessionOf(server, started.body.transactionId)).toMatchObject({
      powerW: 7400,
      energyWh: Math.floor((2 * 7400) / 60),
    });
  });
});

describe('a corporate profile', () => {
  it('charges on the company balance, and is refused when the company balance is short', async () => {
    const [company] = await server.db
      .insert(companies)
      .values({ name: 'Fleet LLC', currency: 'rub' })
      .returning();
    const who = await driver(server, 0);
    await server.db
      .update(users)
      .set({ accountType: 'CORPORATE', activeCompanyId: company!.id })
      .where(eq(users.id, who.id));
    const companyWallet = { kind: 'company_wallet' as const, companyId: company!.id };
    const { chargePoint, station } = await connectedStation();
    const connectorId = chargePoint.station.connectorIds[0]!;
    const short = await start(server, who, { connectorId });
    expect(short.status).toBe(402);
    expect(short.body).toMatchObject({ code: 'COMPANY_BALANCE_INSUFFICIENT' });

    await postTransaction(server.db, {
      kind: 'top_up',
      reference: `company-${company!.id}`,
      currency: 'rub',
      postings: [
        { owner: companyWallet, amountMinor: 50_000 },
        { owner: { kind: 'acquirer_clearing' }, amountMinor: -50_000 },
      ],
    });
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, {
      connectorId,
      limit: { mode: 'energy', value: 500 },
    });
    expect(started.status).toBe(200);
    await charging(station, started.body.transactionId);
    await chargeUntilStopRequested(station, started.body.transactionId, 10);
    station.unplug(1);
    await station.flush();
    const done = await eventually(async () => {
      const session = await sessionOf(server, started.body.transactionId);
      return session.status === 'success' && session;
    });
    expect(done.payerCompanyId).toBe(company!.id);
    // The company paid; the driver's own wallet is untouched.
    expect(await walletBalanceMinor(server.db, companyWallet, 'rub')).toBe(50_000 - done.costMinor);
    expect(
      await walletBalanceMinor(server.db, { kind: 'user_wallet', userId: who.id }, 'rub'),
    ).toBe(0);
  });
});

describe('limits and stops', () => {
  it('stops at a time limit and at a cost limit', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server);
    station.plug(1, testCar);
    station.plug(2, testCar);
    await station.flush();
    const byTime = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      limit: { mode: 'time', value: 4 },
    });
    const byCost = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[1]!,
      limit: { mode: 'cost', value: 1500 },
    });
    await charging(station, byTime.body.transactionId);
    await charging(station, byCost.body.transactionId);
    for (let minute = 0; minute < 8; minute += 1) {
      station.clock.advance(MINUTE_MS);
      await station.flush();
    }
    await eventually(
      async () => (await sessionOf(server, byCost.body.transactionId)).status === 'parking',
    );
    const time = await sessionOf(server, byTime.body.transactionId);
    const cost = await sessionOf(server, byCost.body.transactionId);
    expect(time).toMatchObject({ status: 'parking', serverStopReason: 'limit' });
    expect(time.parkingStartedAt!.getTime() - time.startedAt!.getTime()).toBeGreaterThanOrEqual(
      4 * MINUTE_MS,
    );
    expect(cost).toMatchObject({ status: 'parking', serverStopReason: 'limit' });
    expect(cost.costMinor).toBeGreaterThanOrEqual(1500);
    expect(cost.costMinor).toBeLessThan(1500 + perKwh(184 * 2));
  });

  it('ends "until full" when the car stops drawing, and stops a ghost session with no energy flowing', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server);
    station.plug(1, { ...testCar, socPercent: 99 });
    station.plug(2, { ...testCar, socPercent: 100 });
    await station.flush();
    const full = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      limit: { mode: 'full' },
    });
    const ghost = await start(server, who, { connectorId: chargePoint.station.connectorIds[1]! });
    await charging(station, full.body.transactionId);
    await eventually(
      async () => (await sessionOf(server, ghost.body.transactionId)).startedAt !== null,
    );
    const minutes = server.config.charging.ghostMinutes + 2;
    for (let minute = 0; minute < minutes; minute += 1) {
      station.clock.advance(MINUTE_MS);
      await station.flush();
    }
    await eventually(
      async () => (await sessionOf(server, ghost.body.transactionId)).status === 'parking',
    );
    expect(await sessionOf(server, full.body.transactionId)).toMatchObject({
      status: 'parking',
      serverStopReason: 'full',
    });
    expect(await sessionOf(server, ghost.body.transactionId)).toMatchObject({
      serverStopReason: 'ghost',
      energyWh: 0,
    });
  });

  it('says "Error stopping charging" when the charge point refuses, and the session keeps its true state', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driver(server);
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    await charging(station, started.body.transactionId);
    station.setRejectCommands(true);
    const refused = await server.call(stopCharge, {
      token: who.token,
      body: { transactionId: started.body.transactionId },
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'STOP_FAILED' });
    expect(await sessionOf(server, started.body.transactionId)).toMatchObject({
      status: 'charging',
      stopRequestedAt: null,
    });
    station.setRejectCommands(false);
    const stopped = station.next('transactionStopped');
    const accepted = await server.call<Charge>(stopCharge, {
      token: who.token,
      body: { transactionId: started.body.transactionId },
    });
    expect(accepted.status).toBe(200);
    expect((await stopped).reason).toBe('Remote');
    await station.flush();
    expect(await sessionOf(server, started.body.transactionId)).toMatchObject({
      status: 'parking',
    });
    // Another driver cannot stop or see it.
    const stranger = await driver(server);
    expect(
      (
        await server.call(stopCharge, {
          token: stranger.token,
          body: { transactionId: started.body.transactionId },
        })
      ).status,
    ).toBe(404);
  });
});
