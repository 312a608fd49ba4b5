import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getEvent, listEvents, type UserEvent } from '@evcharge/api/events/events';
import { likeStation } from '@evcharge/api/favourites/favourite-stations';
import { userEvents } from '../../db/schema/notifications';
import { signedInUser } from '../../test/builders';
import { connectedStation, eventually } from '../../test/charge-points';
import { driver, expectLedgerBalanced, start } from '../../test/charging';
import { withTestServer, withSimStations } from '../../test/hooks';
import { insertFinishedSession } from '../../test/receipt-builders';
import { insertSessionTariff, MINUTE_MS, perKwh, sessionOf, testCar } from '../../test/sessions';
import { recordUserEvent, recordUserEvents } from './service';
import { tellSessionAdjusted, tellSessionClosedNoStop } from './session-events';

// SPEC §7 GET /events and /events/{guid}: the driver's notifications, and the charging code
// that records them: a limit reached, parking that will cost, the session's end with its cost,
// a ghost stopped, and a favourite station that became free.

let tariffId: string;
const server = withTestServer();
beforeAll(async () => {
  tariffId = await insertSessionTariff(server);
});
withSimStations(server, { ledger: false });

type EventList = { items: UserEvent[]; total: number; unreadCount: number; page: number };

const eventsOf = async (token: string, query: Record<string, number> = {}) =>
  (await server.call<EventList>(listEvents, { token, query })).body;

describe('GET /events and /events/{guid}', () => {
  it('lists the driver’s events newest first with the unread count; opening one marks it read', async () => {
    const who = await signedInUser(server);
    const ids: string[] = [];
    for (const [index, type] of (
      ['sessionEnded', 'limitReached', 'favouriteFree'] as const
    ).entries()) {
      const row = await recordUserEvent(server.db, {
        userId: who.id,
        type,
        data: { transactionId: index + 1, stationName: `Station ${index}` },
        dedupeKey: `key-${index}`,
      });
      ids.push(row!.id);
      // Distinct times, so the order is the order of recording.
      await server.db
        .update(userEvents)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 10, index)) })
        .where(eq(userEvents.id, row!.id));
    }

    const all = await eventsOf(who.token);
    expect(all).toMatchObject({ total: 3, unreadCount: 3, page: 1, pageSize: 20 });
    expect(all.items.map((item) => item.id)).toEqual([...ids].reverse());
    expect(all.items[0]).toEqual({
      id: ids[2],
      type: 'favouriteFree',
      data: { transactionId: 3, stationName: 'Station 2' },
      createdAt: '2026-01-01T10:02:00.000Z',
      readAt: null,
    });
    const second = await eventsOf(who.token, { page: 2, pageSize: 2 });
    expect(second.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });

    const opened = await server.call<UserEvent>(getEvent, {
      token: who.token,
      params: { guid: ids[1]! },
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: ids[1], type: 'limitReached' });
    expect(opened.body.readAt).not.toBeNull();
    // Opening it again keeps the first reading time.
    const again = await server.call<UserEvent>(getEvent, {
      token: who.token,
      params: { guid: ids[1]! },
    });
    expect(again.body.readAt).toBe(opened.body.readAt);
    expect((await eventsOf(who.token)).unreadCount).toBe(2);
  });

  it('records an event once per dedupe key', async () => {
    const who = await signedInUser(server);
    const event = {
      userId: who.id,
      type: 'ghostStopped' as const,
      data: {},
      dedupeKey: 'session-1',
    };
    expect(await recordUserEvent(server.db, event)).toBeDefined();
    expect(await recordUserEvent(server.db, event)).toBeUndefined();
    expect((await eventsOf(who.token)).total).toBe(1);
  });

  it.each([
    [{ page: 0 }, 'page'],
    [{ page: 'x' }, 'page'],
    [{ pageSize: 101 }, 'pageSize'],
    [{ pageSize: 0 }, 'pageSize'],
  ])('refuses the query %j with 400', async (query, path) => {
    const who = await signedInUser(server);
    const answer = await server.call(listEvents, { token: who.token, query });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', fields: [{ path }] });
  });

  it('refuses a malformed guid (400), answers 404 for an unknown one and 401 without a token', async () => {
    const who = await signedInUser(server);
    const bad = await server.call(getEvent, { token: who.token, params: { guid: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ fields: [{ path: 'guid', rule: 'invalid' }] });
    const unknown = await server.call(getEvent, {
      token: who.token,
      params: { guid: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.status).toBe(404);
    expect((await server.fetch('/api/events')).status).toBe(401);
    expect((await server.fetch('/api/events/00000000-0000-4000-8000-000000000000')).status).toBe(
      401,
    );
  });
});

describe('events from charging', () => {
  afterEach(async () => {
    await expectLedgerBalanced(server);
  });

  it('tells the driver the limit is reached, when parking starts to cost, and the session’s cost', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    const who = await driver(server);
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      limit: { mode: 'energy', value: 500 },
    });
    expect(started.status).toBe(200);
    const { transactionId } = started.body;
    await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
    for (let minute = 0; minute < 4; minute += 1) {
      station.clock.advance(MINUTE_MS);
      await station.flush();
    }
    const parked = await eventually(async () => {
      const session = await sessionOf(server, transactionId);
      return session.status === 'parking' && session;
    });
    station.unplug(1);
    await station.flush();
    const done = await eventually(async () => {
      const session = await sessionOf(server, transactionId);
      return session.status === 'success' && session;
    });

    const { items } = await eventsOf(who.token);
    const byType = new Map(items.map((item) => [item.type, item]));
    expect([...byType.keys()].sort()).toEqual(['limitReached', 'parkingStarted', 'sessionEnded']);
    expect(byType.get('limitReached')?.data).toMatchObject({
      transactionId,
      reason: 'limit',
      limitMode: 'energy',
      stationName: expect.any(String),
    });
    expect(byType.get('parkingStarted')?.data).toMatchObject({
      transactionId,
      parkingPerMinuteMinor: 100,
      currency: 'rub',
      freeMinutes: 10,
      feeStartsAt: new Date(parked.parkingStartedAt!.getTime() + 10 * MINUTE_MS).toISOString(),
    });
    expect(byType.get('sessionEnded')?.data).toMatchObject({
      transactionId,
      energyWh: done.energyWh,
      costMinor: perKwh(done.energyWh),
      currency: 'rub',
      stationId: chargePoint.station.id,
    });
    // The charge point repeats its StopTransaction: nobody is told twice.
    await station.call('StopTransaction', {
      transactionId,
      meterStop: done.energyWh,
      timestamp: new Date().toISOString(),
      reason: 'Remote',
    });
    expect((await eventsOf(who.token)).total).toBe(3);
  });

  it('tells the driver a ghost session was stopped', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    const who = await driver(server);
    station.plug(1, { ...testCar, socPercent: 100 });
    await station.flush();
    const ghost = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    await eventually(
      async () => (await sessionOf(server, ghost.body.transactionId)).startedAt !== null,
    );
    for (let minute = 0; minute < server.config.charging.ghostMinutes + 2; minute += 1) {
      station.clock.advance(MINUTE_MS);
      await station.flush();
    }
    await eventually(
      async () => (await sessionOf(server, ghost.body.transactionId)).status === 'parking',
    );
    const { items } = await eventsOf(who.token);
    expect(items.map((item) => item.type)).toContain('ghostStopped');
    expect(items.find((item) => item.type === 'ghostStopped')?.data).toMatchObject({
      transactionId: ghost.body.transactionId,
    });
    station.unplug(1);
    await station.flush();
  });
});

describe('a session closed without StopTransaction', () => {
  it('tells the driver it was closed and billed, then its correction, once each', async () => {
    const who = await signedInUser(server);
    const session = await insertFinishedSession(server, {
      userId: who.id,
      tariffId,
      energyWh: 5_000,
      minutes: 30,
      costMinor: 10_000,
    });
    const deps = {
      db: server.db,
      userEvents: {
        record: async (...events: Parameters<typeof recordUserEvents>[1]) => {
          await recordUserEvents(server.db, events);
        },
        inBackground: () => undefined,
        settled: () => Promise.resolve(),
      },
    };
    await tellSessionClosedNoStop(deps, session);
    await tellSessionClosedNoStop(deps, session);
    const corrected = { ...session, energyWh: 5_500, costMinor: 10_900 };
    await tellSessionAdjusted(deps, corrected, 900);
    await tellSessionAdjusted(deps, corrected, 900);

    const { items } = await eventsOf(who.token);
    expect(items.map((item) => item.type).sort()).toEqual([
      'sessionAdjusted',
      'sessionClosedNoStop',
    ]);
    expect(items.find((item) => item.type === 'sessionClosedNoStop')?.data).toEqual({
      transactionId: session.transactionId,
      stationId: expect.any(String),
      stationName: expect.any(String),
      energyWh: 5_000,
      costMinor: 10_000,
      currency: 'rub',
      durationSeconds: 30 * 60,
    });
    expect(items.find((item) => item.type === 'sessionAdjusted')?.data).toMatchObject({
      transactionId: session.transactionId,
      energyWh: 5_500,
      costMinor: 10_900,
      differenceMinor: 900,
      currency: 'rub',
    });

    // A final reading that agrees with the bill changes nothing and tells nothing.
    const other = await insertFinishedSession(server, {
      userId: who.id,
      tariffId,
      energyWh: 1_000,
      minutes: 5,
      costMinor: 2_000,
    });
    await tellSessionAdjusted(deps, other, 0);
    expect((await eventsOf(who.token)).total).toBe(2);
  });
});

describe('a favourite station becoming free', () => {
  it('tells the drivers who like it once, when a connector frees up after none was free', async () => {
    const { chargePoint, station } = await connectedStation(server, { tariffId });
    const fan = await signedInUser(server);
    const other = await signedInUser(server);
    expect(
      (await server.call(likeStation, { token: fan.token, params: { id: chargePoint.station.id } }))
        .status,
    ).toBe(200);
    const favouriteFree = async (token: string) =>
      (await eventsOf(token)).items.filter((item) => item.type === 'favouriteFree');

    // One connector busy, one free: the station was never without a free connector.
    station.plug(1, testCar);
    await station.flush();
    station.unplug(1);
    await station.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await favouriteFree(fan.token)).toEqual([]);

    // Both busy, then one frees up: news.
    station.plug(1, testCar);
    station.plug(2, testCar);
    await station.flush();
    station.unplug(2);
    await station.flush();
    const told = await eventually(async () => {
      const events = await favouriteFree(fan.token);
      return events.length > 0 && events;
    });
    expect(told).toHaveLength(1);
    expect(told[0]?.data).toEqual({
      stationId: chargePoint.station.id,
      stationName: expect.any(String),
    });
    // Busy and free again within the window: still once.
    station.plug(2, testCar);
    await station.flush();
    station.unplug(2);
    await station.flush();
    station.unplug(1);
    await station.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await favouriteFree(fan.token)).toHaveLength(1);
    expect(await favouriteFree(other.token)).toEqual([]);
  });
});
