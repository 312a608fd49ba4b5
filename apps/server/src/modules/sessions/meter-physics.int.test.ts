import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createLoyaltyCard, type LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { listMeterAnomalies, type MeterAnomaly } from '@evcharge/api/admin/meter-anomalies';
import type { ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { getChargeById } from '@evcharge/api/sessions/get-charges';
import { accessTokenFor, signedInUser } from '../../test/builders';
import { chargingSessions } from '../../db/schema/charging';
import { receipts } from '../../db/schema/money';
import { userEvents } from '../../db/schema/notifications';
import { chargeEvents } from '../../db/schema/ocpp';
import { eventually } from '../../test/charge-points';
import { driver as appDriver, start as appStart } from '../../test/charging';
import { withSessionStations, withSweepingTestServer } from '../../test/hooks';
import { addPointsCompany, cardNumber } from '../../test/loyalty';
import { bindTestCard, driverWithPhone, sessionPaymentOf } from '../../test/payments';
import { rfidTags } from '../../db/schema/driver';
import {
  driverWithTag,
  MINUTE_MS,
  perKwh,
  samplesOf,
  sessionOf,
  startWithTag,
  testCar,
} from '../../test/sessions';
import { walletBalanceMinor } from '../ledger';
import { maxEnergyWh } from './meter-timeline';

// A meter is believed up to physics (meter-timeline.ts maxEnergyWh): a session is never billed
// more energy than its connector could deliver in the time it ran. What the meter claimed
// beyond that is kept for the record, the session is marked for staff and the driver is told,
// whichever way the session began (an app start, an RFID tag, a start queued offline) and
// whichever way its meter reached us (MeterValues, a stop's meterStop, a late stop).

const TERAWATT_HOUR = 1_000_000_000_000;
/** The test stations' AC connectors are rated 22 kW. */
const RATED_W = 22_000;

// The sweep every 0.2 s and a short grace: a session with a lost stop closes within the test.
const server = withSweepingTestServer();
const { connectedStation } = withSessionStations(server, { ledger: true });

const finished = (transactionId: number) =>
  eventually(async () => {
    const session = await sessionOf(server, transactionId);
    return session.status === 'success' && session;
  });

const anomalyEventsOf = (userId: string) =>
  server.db
    .select({ data: userEvents.data })
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), eq(userEvents.type, 'meterAnomaly')));

const statusEventsOf = async (sessionId: string) =>
  (
    await server.db
      .select({ id: chargeEvents.id })
      .from(chargeEvents)
      .where(and(eq(chargeEvents.sessionId, sessionId), eq(chargeEvents.kind, 'status')))
  ).length;

const receiptTotalOf = async (sessionId: string) => {
  const rows = await server.db
    .select({ amountMinor: receipts.amountMinor })
    .from(receipts)
    .where(eq(receipts.sessionId, sessionId));
  return rows.reduce((sum, row) => sum + row.amountMinor, 0);
};

/** What the session's last counted reading says it delivered (the billed energy's source). */
async function lastCountedWh(sessionId: string) {
  const samples = await samplesOf(server, sessionId);
  return samples.filter((s) => s.isCounted && s.registerWh !== null).at(-1)?.energyWh ?? 0;
}

/** A session billed on the plausible, marked, told once; the wallet moved by its cost alone. */
async function expectBilledOnPhysics(
  session: Awaited<ReturnType<typeof sessionOf>>,
  userId: string,
) {
  const ranUntil = session.stoppedAt ?? new Date();
  expect(session.energyWh).toBeLessThanOrEqual(maxEnergyWh(RATED_W, session.startedAt!, ranUntil));
  expect(session.costMinor).toBe(perKwh(session.energyWh));
  expect(session.meterAnomalyAt).not.toBeNull();
  expect(session.meterClaimedWh).toBeGreaterThanOrEqual(TERAWATT_HOUR);
  expect(await anomalyEventsOf(userId)).toHaveLength(1);
}

describe('MeterValues beyond what the connector can deliver', () => {
  it('10^12 Wh two seconds after an RFID start: kept for the record, billed on the last plausible reading, points on the billed energy', async () => {
    const { station } = await connectedStation();
    const who = await driverWithTag(server);
    const company = await addPointsCompany(server);
    const card = await server.call<LoyaltyCard>(createLoyaltyCard, {
      token: await accessTokenFor(server.db, who.id),
      body: { companyId: company.id, number: cardNumber('7', 16, 'luhn') },
    });
    expect(card.status).toBe(201);
    const transactionId = await startWithTag(station, who.tag);
    // Ten plausible minutes at 11 kW, then the register leaps by a terawatt-hour.
    station.clock.advance(10 * MINUTE_MS);
    await station.flush();
    const plausibleWh = (await sessionOf(server, transactionId)).energyWh;
    expect(plausibleWh).toBe(Math.floor((11_000 * 10) / 60));
    station.jumpMeter(1, TERAWATT_HOUR);
    station.clock.advance(MINUTE_MS);
    await station.flush();

    const running = await sessionOf(server, transactionId);
    // The leap is not counted: the live figures stay where the plausible readings left them.
    expect(running).toMatchObject({ status: 'charging', energyWh: plausibleWh });
    expect(running.costMinor).toBe(perKwh(plausibleWh));
    const samples = await samplesOf(server, running.id);
    const leap = samples.filter((s) => (s.registerWh ?? 0) > TERAWATT_HOUR);
    expect(leap.length).toBeGreaterThan(0);
    expect(leap.every((s) => !s.isCounted)).toBe(true);
    expect(running.meterAnomalyAt).not.toBeNull();
    // The live screen says it in words (the charge's meterNote).
    const live = await server.call<ChargeDetail>(getChargeById, {
      token: await accessTokenFor(server.db, who.id),
      params: { transactionId },
    });
    expect(live.body.meterNote).toBe('implausible');
    expect(await anomalyEventsOf(who.id)).toEqual([
      { data: expect.objectContaining({ transactionId, powerW: RATED_W }) },
    ]);
    // Five more minutes of the leapt register: each reading claims more, which is kept (the
    // largest claim) and never said again to the driver's screen.
    const statusEventsNow = await statusEventsOf(running.id);
    station.clock.advance(5 * MINUTE_MS);
    await station.flush();
    const later = await sessionOf(server, transactionId);
    expect(later.meterClaimedWh).toBeGreaterThan(running.meterClaimedWh!);
    expect(await statusEventsOf(running.id)).toBe(statusEventsNow);

    // The car leaves: the stop's meterStop carries the leap too and is not believed either.
    station.unplug(1);
    await station.flush();
    const done = await finished(transactionId);
    expect(done).toMatchObject({ energySource: 'last_reading', energyWh: plausibleWh });
    expect(done.meterStopWh).toBeGreaterThan(TERAWATT_HOUR);
    await expectBilledOnPhysics(done, who.id);
    expect(await receiptTotalOf(done.id)).toBe(done.costMinor);
    expect(
      await walletBalanceMinor(server.db, { kind: 'user_wallet', userId: who.id }, 'rub'),
    ).toBe(100_000 - done.costMinor);
    // 1,833 Wh at 2 points a kWh: the points follow the billed energy, never the register.
    expect(done.loyaltyPoints).toBe(Math.floor((plausibleWh / 1000) * 2));
  });

  it.each([
    ['a negative register', '-5'],
    ['NaN', 'NaN'],
    ['10^12 Wh', String(TERAWATT_HOUR)],
    ['a jump of 1 MWh in one second', 'jump'],
  ])('%s over the socket is never billed', async (_, value) => {
    const { station } = await connectedStation();
    const who = await driverWithTag(server);
    const transactionId = await startWithTag(station, who.tag);
    station.clock.advance(2 * MINUTE_MS);
    await station.flush();
    const before = await sessionOf(server, transactionId);
    const register = before.meterStartWh! + before.energyWh;
    const at = new Date(before.lastReadingAt!.getTime() + 1000);
    const sampled = value === 'jump' ? String(register + 1_000_000) : value;
    expect(
      await station.call('MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [{ timestamp: at.toISOString(), sampledValue: [{ value: sampled }] }],
      }),
    ).toEqual({});
    const after = await sessionOf(server, transactionId);
    expect(after.energyWh).toBe(before.energyWh);
    expect(after.costMinor).toBe(before.costMinor);
    // Beyond physics is an anomaly for staff; a register that is no number is simply not one.
    const isBeyond = value === 'jump' || value === String(TERAWATT_HOUR);
    expect(after.meterAnomalyAt !== null).toBe(isBeyond);
    expect(await anomalyEventsOf(who.id)).toHaveLength(isBeyond ? 1 : 0);
  });

  it('believes a meter that drifts just under the bound, reading after reading', async () => {
    const { station } = await connectedStation();
    const who = await driverWithTag(server);
    const transactionId = await startWithTag(station, who.tag);
    const session = await sessionOf(server, transactionId);
    const startedAt = session.startedAt!;
    for (const minute of [1, 2, 3]) {
      const at = new Date(startedAt.getTime() + minute * MINUTE_MS);
      const bound = maxEnergyWh(RATED_W, startedAt, at);
      await station.call('MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [
          {
            timestamp: at.toISOString(),
            sampledValue: [{ value: String(session.meterStartWh! + bound) }],
          },
        ],
      });
      expect((await sessionOf(server, transactionId)).energyWh).toBe(bound);
    }
    const after = await sessionOf(server, transactionId);
    expect(after.meterAnomalyAt).toBeNull();
    expect(await lastCountedWh(after.id)).toBe(after.energyWh);
  });
});

describe("a stop's meter beyond what the connector can deliver", () => {
  it('meterStop 10^12 with no readings, paid by a card hold: the hold pays the plausible, no debt', async () => {
    const { station } = await connectedStation();
    const who = await driverWithPhone(server);
    await bindTestCard(server, who, '4242424242424242');
    const tag = `CARD-${Math.random().toString(16).slice(2, 10)}`;
    await server.db.insert(rfidTags).values({ userId: who.id, uid: tag });
    const transactionId = await startWithTag(station, tag);
    const session = await sessionOf(server, transactionId);
    expect(session.paymentMethod).toBe('card');
    station.jumpMeter(1, TERAWATT_HOUR);
    station.clock.advance(2000);
    station.unplug(1);
    await station.flush();

    const done = await finished(transactionId);
    expect(done).toMatchObject({ energySource: 'last_reading', energyWh: 0, costMinor: 0 });
    expect(done.meterStopWh).toBeGreaterThan(TERAWATT_HOUR);
    await expectBilledOnPhysics(done, who.id);
    await eventually(async () => (await sessionPaymentOf(server, done.id))?.status !== 'held');
    expect((await sessionPaymentOf(server, done.id))?.capturedMinor ?? 0).toBe(0);
    expect(
      await walletBalanceMinor(server.db, { kind: 'user_wallet', userId: who.id }, 'rub'),
    ).toBe(0);
  });

  it('a late StopTransaction after the session was closed without it: its meterStop is held to physics too', async () => {
    const { station } = await connectedStation();
    const who = await driverWithTag(server);
    station.setFaults({ loseStopTransactions: 1 });
    const transactionId = await startWithTag(station, who.tag);
    station.clock.advance(2 * MINUTE_MS);
    await station.flush();
    const stopped = station.next('transactionStopped');
    station.unplug(1);
    const { meterStopWh } = await stopped;
    await station.flush();
    const closed = await finished(transactionId);
    expect(closed.energyWh).toBe(366);

    // The charge point finds the stop after all, with a meter that leapt meanwhile.
    expect(
      await station.call('StopTransaction', {
        transactionId,
        idTag: who.tag,
        meterStop: meterStopWh + TERAWATT_HOUR,
        timestamp: new Date(station.clock.now()).toISOString(),
        reason: 'EVDisconnected',
      }),
    ).toEqual({ idTagInfo: { status: 'Accepted' } });
    const reconciled = await sessionOf(server, transactionId);
    expect(reconciled).toMatchObject({ energyWh: 366, costMinor: perKwh(366) });
    await expectBilledOnPhysics(reconciled, who.id);
    expect(
      await walletBalanceMinor(server.db, { kind: 'user_wallet', userId: who.id }, 'rub'),
    ).toBe(100_000 - perKwh(366));
  });
});

describe('every way a session begins', () => {
  it('an app start: the leap is not billed and the balance never goes into debt for it', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await appDriver(server, 50_000);
    const connectorId = chargePoint.station.connectorIds[0]!;
    station.plug(1, testCar);
    const started = await appStart(server, who, { connectorId });
    expect(started.status).toBeLessThan(300);
    const transactionId = await eventually(async () => {
      const row = await latestSessionOf(who.id);
      return row?.status === 'charging' && row.transactionId;
    });
    station.clock.advance(MINUTE_MS);
    await station.flush();
    station.jumpMeter(1, TERAWATT_HOUR);
    station.clock.advance(MINUTE_MS);
    await station.flush();
    station.unplug(1);
    await station.flush();
    const done = await finished(transactionId);
    await expectBilledOnPhysics(done, who.id);
    expect(
      await walletBalanceMinor(server.db, { kind: 'user_wallet', userId: who.id }, 'rub'),
    ).toBe(50_000 - done.costMinor);
  });

  it('a start queued while the charge point was offline: its replayed meter is held to physics', async () => {
    const { station } = await connectedStation();
    const who = await driverWithTag(server);
    // The tag is on the charge point's local list: it starts without asking us.
    await station.flush();
    await station.dropConnection();
    station.plug(1, testCar);
    await station.presentTag(who.tag, 1);
    station.clock.advance(MINUTE_MS);
    station.jumpMeter(1, TERAWATT_HOUR);
    station.clock.advance(MINUTE_MS);
    station.unplug(1);
    await station.restore();
    await station.flush();
    const transactionId = await eventually(async () => {
      const started = station.logs.find((line) => /StartTransaction.*Accepted/.test(line));
      return started ? (await latestSessionOf(who.id))?.transactionId : undefined;
    });
    const done = await finished(transactionId);
    await expectBilledOnPhysics(done, who.id);
  });
});

async function latestSessionOf(userId: string) {
  const [row] = await server.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.userId, userId));
  return row;
}

describe('staff list the sessions a meter claimed too much for', () => {
  it('administrators and support see what was claimed against what was billed; anyone else gets 404', async () => {
    const { chargePoint, station } = await connectedStation();
    const who = await driverWithTag(server);
    const transactionId = await startWithTag(station, who.tag);
    station.clock.advance(MINUTE_MS);
    await station.flush();
    station.jumpMeter(1, TERAWATT_HOUR);
    station.clock.advance(MINUTE_MS);
    station.unplug(1);
    await station.flush();
    const done = await finished(transactionId);

    type Page = { items: MeterAnomaly[]; total: number; page: number; pageSize: number };
    for (const staffRole of ['admin', 'support'] as const) {
      const staff = await signedInUser(server, { staffRole });
      const page = await server.call<Page>(listMeterAnomalies, {
        token: staff.token,
        query: { page: 1, pageSize: 100 },
      });
      expect(page.status).toBe(200);
      expect(page.body.items.find((item) => item.sessionId === done.id)).toEqual({
        sessionId: done.id,
        transactionId,
        status: 'success',
        station: {
          id: chargePoint.station.id,
          code: expect.any(String),
          name: expect.any(String),
        },
        connectorNumber: 1,
        connectorPowerW: RATED_W,
        isRoaming: false,
        startedAt: done.startedAt!.toISOString(),
        stoppedAt: done.stoppedAt!.toISOString(),
        foundAt: done.meterAnomalyAt!.toISOString(),
        claimedWh: done.meterClaimedWh,
        billedWh: done.energyWh,
        costMinor: done.costMinor,
        currency: 'rub',
      });
      // Newest first.
      const found = page.body.items.map((item) => item.foundAt);
      expect(found).toEqual([...found].sort().reverse());
    }
    for (const staffRole of [null, 'moderator', 'analyst'] as const) {
      const other = await signedInUser(server, { staffRole });
      const answer = await server.call(listMeterAnomalies, { token: other.token, query: {} });
      expect(answer.status).toBe(404);
    }
  });
});
