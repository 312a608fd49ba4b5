import { beforeAll, describe, expect, it } from 'vitest';
import type { Charge, ChargeDetail, ChargeEvent } from '@evcharge/api/sessions/charge-schemas';
import { getChargeById, getCharges, haveActiveCharge } from '@evcharge/api/sessions/get-charges';
import { chargeSummary, listCharges } from '@evcharge/api/sessions/list-charges';
import { planCharge } from '@evcharge/api/sessions/plan-charge';
import { setRemainingTime, setUserClosedStatus } from '@evcharge/api/sessions/session-settings';
import { stopCharge } from '@evcharge/api/sessions/stop-charge';
import { subscribeCharges } from '@evcharge/api/sessions/subscribe-charges';
import { cars } from '../../db/schema/driver';
import { connectedStation as connectedStationFor, eventually } from '../../test/charge-points';
import { driver, start, type Driver } from '../../test/charging';
import { insertSessionTariff, MINUTE_MS, perKwh, sessionOf, testCar } from '../../test/sessions';
import { insertTestTariff } from '../../test/station-builders';
import { withSimStations, withTestServer } from '../../test/hooks';

// The rest of SPEC §7 Charges: the long poll, the session views, history and the dashboard,
// the estimate and the driver's settings of a session (an owner's charge points are in
// charge-points.int.test.ts).

const server = withTestServer();
let tariffId: string;
beforeAll(async () => {
  tariffId = await insertSessionTariff(server);
});
withSimStations(server, { ledger: true });

const connectedStation = (fields = {}) => connectedStationFor(server, { tariffId, ...fields });

/** The test car draws 11 kW: the meter after `minutes` (whole Wh). */
const whAfter = (minutes: number) => Math.floor((minutes * 11_000) / 60);

type Poll = { cursor: number; events: ChargeEvent[] };
const poll = (who: Driver, cursor: number, wait = 0, transactionId = 0) =>
  server.call<Poll>(subscribeCharges, {
    token: who.token,
    params: { transactionId, cursor },
    query: { wait },
  });

/** A session charged for `minutes` simulated minutes, then stopped by the driver and unplugged. */
async function finishedSession(who: Driver, minutes: number) {
  const { chargePoint, station } = await connectedStation();
  station.plug(1, testCar);
  await station.flush();
  const started = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
  const { transactionId } = started.body;
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
  for (let minute = 0; minute < minutes; minute += 1) {
    station.clock.advance(MINUTE_MS);
    await station.flush();
  }
  await server.call(stopCharge, { token: who.token, body: { transactionId } });
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'parking');
  station.unplug(1);
  await station.flush();
  await eventually(async () => (await sessionOf(server, transactionId)).status === 'success');
  return { transactionId, station };
}

describe('GET /charges/subscribe (long poll)', () => {
  it('gives every event in order across reconnects, and holds until the next one', async () => {
    const who = await driver(server);
    const { transactionId } = await finishedSession(who, 3);
    // A client that reads a few at a time misses nothing.
    const first = await poll(who, 0);
    const kinds = first.body.events.map((e) => e.kind);
    expect(kinds[0]).toBe('status');
    expect(kinds).toContain('started');
    expect(kinds.filter((k) => k === 'updated')).toHaveLength(3);
    expect(kinds.slice(-2)).toEqual(['parking', 'finished']);
    expect(first.body.events.every((e) => e.transactionId === transactionId)).toBe(true);
    const ids = first.body.events.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(first.body.cursor).toBe(ids.at(-1));
    const updated = first.body.events.find((e) => e.kind === 'updated');
    expect(updated?.sample).toMatchObject({ energyWh: 183, powerW: 11_000 });
    expect(first.body.events.at(-1)?.charge).toMatchObject({
      status: 'success',
      costMinor: perKwh(550),
    });

    const middle = ids[2]!;
    const rest = await poll(who, middle);
    expect(rest.body.events.map((e) => e.id)).toEqual(ids.slice(3));

    // The list of open sessions says where its events end: a poll from there starts after them.
    const listed = await server.call<{ cursor: number }>(getCharges, { token: who.token });
    expect(listed.body.cursor).toBe(first.body.cursor);

    // Nothing new: the poll holds, then answers when the next session starts.
    const held = poll(who, first.body.cursor, 10);
    // The open poll shows in the metrics, beside the sessions that ended.
    const metrics = await eventually(async () => {
      const text = await (await server.fetch('/metrics')).text();
      return /^charge_long_polls 1$/m.test(text) && text;
    });
    expect(metrics).toMatch(/^charge_sessions_ended_total\{outcome="success"\} [1-9]/m);
    const { chargePoint } = await connectedStation();
    const began = Date.now();
    await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    const woken = await held;
    expect(Date.now() - began).toBeLessThan(5000);
    expect(woken.body.events[0]).toMatchObject({ kind: 'status', charge: { status: 'preparing' } });

    // With nothing at all, an empty answer after the wait keeps the cursor.
    const empty = await poll(who, woken.body.cursor + 1000, 1);
    expect(empty.body).toEqual({ cursor: woken.body.cursor + 1000, events: [] });
  });

  it('never shows one driver another driver’s events', async () => {
    const who = await driver(server);
    const stranger = await driver(server);
    const { transactionId } = await finishedSession(who, 1);
    expect((await poll(stranger, 0)).body.events).toEqual([]);
    expect((await poll(stranger, 0, 0, transactionId)).body.events).toEqual([]);
    expect(
      (await server.call(getChargeById, { token: stranger.token, params: { transactionId } }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.call(setUserClosedStatus, {
          token: stranger.token,
          params: { flag: 'true' },
          body: { transactionId },
        })
      ).status,
    ).toBe(404);
  });
});

describe('session views', () => {
  it('shows an open session in GET /charge and have-active, and the finished one until the driver closes it', async () => {
    const who = await driver(server);
    const { chargePoint, station } = await connectedStation();
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      limit: { mode: 'energy', value: 5000 },
    });
    const { transactionId } = started.body;
    await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
    station.clock.advance(10 * MINUTE_MS);
    await station.flush();
    const active = await server.call<{ haveActive: boolean; transactionIds: number[] }>(
      haveActiveCharge,
      { token: who.token },
    );
    expect(active.body).toEqual({ haveActive: true, transactionIds: [transactionId] });
    const current = await server.call<{ items: Charge[] }>(getCharges, { token: who.token });
    expect(current.body.items).toHaveLength(1);
    expect(current.body.items[0]).toMatchObject({
      transactionId,
      status: 'charging',
      energyWh: 1833,
      powerW: 11_000,
      costMinor: perKwh(1833),
      currency: 'rub',
      connector: { number: 1, powerKw: 22, currentType: 'AC' },
      station: { id: chargePoint.station.id },
      limit: { mode: 'energy', value: 5000 },
      freeIdleMinutes: 10,
      parkingPerMinuteMinor: 100,
    });
    // 3,167 Wh left at 11 kW.
    expect(current.body.items[0]!.remainingMinutes).toBe(18);

    const detail = await server.call<ChargeDetail>(getChargeById, {
      token: who.token,
      params: { transactionId },
    });
    expect(detail.body.samples).toHaveLength(10);
    expect(detail.body.costItems).toContainEqual(
      expect.objectContaining({ kind: 'energy', amountMinor: perKwh(1833) }),
    );

    // "Stop in 5 minutes" turns into a time limit and the server keeps it.
    const soon = await server.call<Charge>(setRemainingTime, {
      token: who.token,
      body: { transactionId, minutes: 5 },
    });
    expect(soon.body.limit.mode).toBe('time');

    await server.call(stopCharge, { token: who.token, body: { transactionId } });
    await eventually(async () => (await sessionOf(server, transactionId)).status === 'parking');
    station.clock.advance(15 * MINUTE_MS);
    const parking = await server.call<{ items: Charge[] }>(getCharges, { token: who.token });
    expect(parking.body.items[0]).toMatchObject({ status: 'parking', powerW: null });
    station.unplug(1);
    await station.flush();
    const done = await eventually(async () => {
      const { body } = await server.call<{ items: Charge[] }>(getCharges, { token: who.token });
      return body.items[0]?.status === 'success' && body.items[0];
    });
    // 15 parked minutes, 10 free: 5 × 1.00.
    expect(done.parkingSeconds).toBe(15 * 60);
    expect(done.parkingCostMinor).toBe(500);
    expect(done.parkingFeeCapMinor).toBe(30_000); // the demo brand's ceiling in roubles
    expect(done.costMinor).toBe(perKwh(1833) + 500);
    expect((await server.call(haveActiveCharge, { token: who.token })).body).toEqual({
      haveActive: false,
      transactionIds: [],
    });
    await server.call(setUserClosedStatus, {
      token: who.token,
      params: { flag: 'true' },
      body: { transactionId },
    });
    expect(
      (await server.call<{ items: Charge[] }>(getCharges, { token: who.token })).body.items,
    ).toEqual([]);
  });
});

describe('history and dashboard', () => {
  it('lists sessions newest first, paged, and sums this month', async () => {
    const who = await driver(server);
    const first = await finishedSession(who, 2);
    const second = await finishedSession(who, 4);
    const page1 = await server.call<{ items: Charge[]; total: number }>(listCharges, {
      token: who.token,
      query: { page: 1, pageSize: 1 },
    });
    expect(page1.body.total).toBe(2);
    expect(page1.body.items.map((c) => c.transactionId)).toEqual([second.transactionId]);
    const page2 = await server.call<{ items: Charge[] }>(listCharges, {
      token: who.token,
      query: { page: 2, pageSize: 1 },
    });
    expect(page2.body.items.map((c) => c.transactionId)).toEqual([first.transactionId]);
    expect(page2.body.items[0]).toMatchObject({
      status: 'success',
      energyWh: whAfter(2),
      costMinor: perKwh(whAfter(2)),
    });

    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 86_400_000 * 2).toISOString();
    const summary = await server.call<{
      sessions: number;
      energyWh: number;
      costs: unknown[];
      days: { energyWh: number }[];
    }>(chargeSummary, { token: who.token, query: { from, to } });
    expect(summary.body).toMatchObject({
      sessions: 2,
      energyWh: whAfter(2) + whAfter(4),
      costs: [{ currency: 'rub', amountMinor: perKwh(whAfter(2)) + perKwh(whAfter(4)) }],
    });
    expect(summary.body.days.reduce((sum, d) => sum + d.energyWh, 0)).toBe(whAfter(2) + whAfter(4));
    const bad = await server.call(listCharges, { token: who.token, query: { page: 0 } });
    expect(bad.status).toBe(400);
  });
});

describe('POST /charge/plan', () => {
  it('estimates energy, time and cost for a limit and the driver’s car', async () => {
    const who = await driver(server, 5_000);
    const { chargePoint } = await connectedStation();
    const [car] = await server.db
      .insert(cars)
      .values({
        userId: who.id,
        name: 'Leaf',
        batteryKwh: 40,
        socPercent: 50,
        maxAcKw: 7.4,
        maxDcKw: 50,
      })
      .returning();
    const plan = await server.call<Record<string, unknown>>(planCharge, {
      token: who.token,
      body: {
        connectorId: chargePoint.station.connectorIds[0]!,
        limit: { mode: 'energy', value: 7400 },
        carId: car!.id,
      },
    });
    expect(plan.body).toEqual({
      powerW: 7400,
      energyWh: 7400,
      minutes: 60,
      costMinor: perKwh(7400),
      currency: 'rub',
      // A station priced in the wallet's currency: nothing to convert (SPEC §3).
      exchange: null,
      canStart: false,
      minBalanceMinor: 10_000,
      balanceMinor: 5_000,
      balanceCurrency: 'rub',
      blockedBy: 'funds',
      opensAt: null,
      payWith: null,
      cardHoldMinor: null,
      // No loyalty card: nothing off the estimate (SPEC §7 Loyalty).
      loyalty: null,
    });
    const full = await server.call<{ energyWh: number }>(planCharge, {
      token: who.token,
      body: {
        connectorId: chargePoint.station.connectorIds[0]!,
        limit: { mode: 'full' },
        carId: car!.id,
      },
    });
    expect(full.body.energyWh).toBe(20_000);
    // A cost limit with a time-of-day price in force all day (12.50 instead of 15.00) and a
    // start fee: the energy is what that money buys now, and the estimate is the limit.
    const zoned = await insertTestTariff(server.db, { perKwhMinor: 1500, startFeeMinor: 500 }, [
      {
        fromTime: '00:00',
        toTime: '24:00',
        perKwhMinor: 1250,
        perMinuteMinor: 0,
        parkingPerMinuteMinor: 0,
      },
    ]);
    const { chargePoint: zonedPoint } = await connectedStationFor(server, { tariffId: zoned });
    const byCost = await server.call<{ energyWh: number; costMinor: number }>(planCharge, {
      token: who.token,
      body: {
        connectorId: zonedPoint.station.connectorIds[0]!,
        limit: { mode: 'cost', value: 30_000 },
      },
    });
    // (300.00 − 5.00) / 12.50 a kWh = 23.6 kWh.
    expect(byCost.body).toMatchObject({ energyWh: 23_600, costMinor: 30_000 });

    const stranger = await driver(server);
    const foreign = await server.call(planCharge, {
      token: stranger.token,
      body: {
        connectorId: chargePoint.station.connectorIds[0]!,
        limit: { mode: 'none' },
        carId: car!.id,
      },
    });
    expect(foreign.status).toBe(400);
  });
});
