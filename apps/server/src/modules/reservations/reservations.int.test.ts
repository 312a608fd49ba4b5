import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  connectorReserveNowV2,
  getReserve,
  listUserReserves,
} from '@evcharge/api/reserves/reserves';
import type { Reservation } from '@evcharge/api/reserves/reserves';
import { reservations } from '../../db/schema/charging';
import { connectedStation, eventually } from '../../test/charge-points';
import { driver, type Driver } from '../../test/charging';
import { withSimStations, withTestServer } from '../../test/hooks';
import {
  cancel,
  eventTypesOf,
  FEE_MINOR,
  insertReservationTariff,
  minutesFrom,
  PER_MINUTE_MINOR,
  reservationPostings,
  reservationReceipt,
  reservationRow,
  reserve,
  sweepAt,
  walletOf,
} from '../../test/reservations';

// SPEC §3 Reservation, §4 the two modes, §7 Reserves, against the simulator over loopback:
// ReserveNow and every answer to it, cancel before and after it begins, expiry, the reminders,
// and the money of each path in the ledger with its receipt.

const server = withTestServer();
withSimStations(server, { ledger: true });
let tariffId = '';
beforeAll(async () => {
  tariffId = await insertReservationTariff(server);
});

const station = (fields: { supportsPeriodReservation?: boolean } = {}) =>
  connectedStation(server, { tariffId, ...fields });

type Failure = { code: string; details?: Record<string, unknown>; fields?: unknown[] };

async function reservedQuickly(who: Driver, connectorId: string): Promise<Reservation> {
  const answer = await reserve(server, who, { connectorId, mode: 'quick' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe('the next 15 minutes', () => {
  it('holds the connector at the charge point and charges the fixed cost when it begins', async () => {
    const { chargePoint, station: sim } = await station();
    const who = await driver(server);
    const connectorId = chargePoint.station.connectorIds[0]!;
    const reservation = await reservedQuickly(who, connectorId);
    expect(reservation).toMatchObject({
      status: 'active',
      mode: 'quick',
      connectorNumber: 1,
      fixedCostMinor: FEE_MINOR,
      idleMinuteCostMinor: PER_MINUTE_MINOR,
      payWith: 'balance',
      failReason: null,
    });
    expect(Date.parse(reservation.endsAt) - Date.parse(reservation.startsAt)).toBe(15 * 60_000);
    await eventually(() => sim.connector(1).status === 'Reserved');
    expect(await walletOf(server, who)).toBe(100_000 - FEE_MINOR);
    expect(await reservationPostings(server, reservation.id)).toEqual([
      { reference: `${reservation.id}:fee` },
    ]);
    // The driver sees it as theirs; the station page shows it Reserved until its end.
    const now = await server.call<{ state: string; reservation: Reservation | null }>(
      connectorReserveNowV2,
      { token: who.token, params: { id: connectorId } },
    );
    expect(now.body).toMatchObject({ state: 'mine', reservation: { id: reservation.id } });
  });

  it('cancelled after it began: the fixed cost and each begun minute, a receipt, the connector free', async () => {
    const { chargePoint, station: sim } = await station();
    const who = await driver(server);
    const reservation = await reservedQuickly(who, chargePoint.station.connectorIds[0]!);
    await eventually(() => sim.connector(1).status === 'Reserved');
    const answer = await cancel(server, who, reservation);
    expect(answer.status).toBe(200);
    const { idleMinutes } = answer.body;
    expect(idleMinutes).toBeGreaterThanOrEqual(1);
    const cost = FEE_MINOR + idleMinutes * PER_MINUTE_MINOR;
    expect(answer.body).toMatchObject({ status: 'cancelled', costMinor: cost, cancelCostMinor: 0 });
    // CancelReservation reached the charge point.
    await eventually(() => sim.connector(1).status === 'Available');
    await eventually(async () => (await reservationRow(server, reservation.id)).settledAt !== null);
    expect(await walletOf(server, who)).toBe(100_000 - cost);
    const receipt = await reservationReceipt(server, reservation.id);
    expect(receipt).toMatchObject({ amountMinor: cost, currency: 'rub' });
    expect(receipt?.items.map((item) => [item.code, item.amountMinor])).toEqual([
      ['reservation_fee', FEE_MINOR],
      ['reservation', idleMinutes * PER_MINUTE_MINOR],
    ]);
    // A second cancel changes nothing.
    const again = await cancel(server, who, reservation);
    expect(again.body).toMatchObject({ status: 'cancelled', costMinor: cost });
    expect(await walletOf(server, who)).toBe(100_000 - cost);
  });

  it('expires unused at its end: every minute of it charged once, the driver told', async () => {
    const { chargePoint } = await station();
    const who = await driver(server);
    const reservation = await reservedQuickly(who, chargePoint.station.connectorIds[0]!);
    const row = await reservationRow(server, reservation.id);
    const minutes = Math.ceil((row.endsAt.getTime() - (row.begunAt?.getTime() ?? 0)) / 60_000);
    expect(minutes).toBe(15);
    await sweepAt(server, minutesFrom(reservation.endsAt, 1));
    await sweepAt(server, minutesFrom(reservation.endsAt, 2));
    const ended = await reservationRow(server, reservation.id);
    expect(ended.status).toBe('expired');
    expect(ended.costMinor).toBe(FEE_MINOR + 15 * PER_MINUTE_MINOR);
    expect(await walletOf(server, who)).toBe(100_000 - FEE_MINOR - 15 * PER_MINUTE_MINOR);
    expect(
      (await reservationPostings(server, reservation.id)).map((p) => p.reference).sort(),
    ).toEqual([`${reservation.id}:end`, `${reservation.id}:fee`]);
    expect(await eventTypesOf(server, who)).toEqual(['reservationExpired']);
  });

  it.each([
    ['Occupied', async (sim: Awaited<ReturnType<typeof station>>['station']) => sim.plug(1, {})],
    [
      'Rejected',
      async (sim: Awaited<ReturnType<typeof station>>['station']) => sim.setRejectCommands(true),
    ],
  ] as const)('fails on %s: nothing held, nothing charged', async (reason, prepare) => {
    const { chargePoint, station: sim } = await station();
    await prepare(sim);
    await sim.flush();
    const who = await driver(server);
    const answer = await reserve(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      mode: 'quick',
    });
    expect(answer.status).toBe(409);
    expect(answer.body as unknown as Failure).toMatchObject({
      code: 'RESERVATION_FAILED',
      details: { reason },
    });
    const rows = await server.db.select().from(reservations).where(eq(reservations.userId, who.id));
    expect(rows.map((row) => [row.status, row.failReason, row.costMinor])).toEqual([
      ['failed', reason, 0],
    ]);
    expect(await walletOf(server, who)).toBe(100_000);
  });

  it('fails on Faulted and Unavailable from the charge point, and offline, with nothing charged', async () => {
    const who = await driver(server);
    const faulted = await station();
    const unavailable = await station();
    await server.app.chargePoints.changeAvailability(unavailable.chargePoint.id, {
      connectorId: 1,
      type: 'Inoperative',
    });
    const offline = await station();
    await offline.station.close();
    await eventually(() => !server.app.chargePoints.isConnected(offline.chargePoint.id));
    faulted.station.fault(1, 'GroundFailure');
    await faulted.station.flush();
    await unavailable.station.flush();
    const reasons = [];
    for (const { chargePoint } of [faulted, unavailable, offline]) {
      const answer = await reserve(server, who, {
        connectorId: chargePoint.station.connectorIds[0]!,
        mode: 'quick',
      });
      expect(answer.status).toBe(409);
      const body = answer.body as unknown as Failure;
      expect(body.code).toBe('RESERVATION_FAILED');
      reasons.push(body.details?.reason);
    }
    expect(reasons).toEqual(['Faulted', 'Unavailable', 'offline']);
    expect(await walletOf(server, who)).toBe(100_000);
  });

  it('is refused over another reservation of the connector', async () => {
    const { chargePoint } = await station();
    const who = await driver(server);
    const first = await reservedQuickly(who, chargePoint.station.connectorIds[1]!);
    expect(first.status).toBe('active');
    const again = await reserve(server, who, {
      connectorId: chargePoint.station.connectorIds[1]!,
      mode: 'quick',
    });
    expect(again.status).toBe(409);
    expect((again.body as unknown as Failure).code).toBe('STATION_BOOKED');
  });
});

describe('a chosen period', () => {
  const period = (fromMinutes: number, toMinutes: number) => ({
    startsAt: minutesFrom(new Date(), fromMinutes).toISOString(),
    endsAt: minutesFrom(new Date(), toMinutes).toISOString(),
  });

  it('cancelled before it begins costs nothing and never reaches the charge point', async () => {
    const { chargePoint, station: sim } = await station({ supportsPeriodReservation: true });
    const who = await driver(server);
    const answer = await reserve(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      mode: 'period',
      ...period(60, 120),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'scheduled', costMinor: 0, cancelCostMinor: 0 });
    const cancelled = await cancel(server, who, answer.body);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', costMinor: 0 });
    expect(sim.connector(1).status).toBe('Available');
    await sweepAt(server, new Date());
    expect(await reservationPostings(server, answer.body.id)).toEqual([]);
    expect(await reservationReceipt(server, answer.body.id)).toBeUndefined();
    expect(await walletOf(server, who)).toBe(100_000);
  });

  it('begins when due (ReserveNow), reminds before it ends, and lists as current', async () => {
    const { chargePoint, station: sim } = await station({ supportsPeriodReservation: true });
    const who = await driver(server);
    const made = await reserve(server, who, {
      connectorId: chargePoint.station.connectorIds[0]!,
      mode: 'period',
      ...period(30, 90),
    });
    expect(made.status).toBe(200);
    await sweepAt(server, minutesFrom(made.body.startsAt, 0.1));
    await eventually(() => sim.connector(1).status === 'Reserved');
    const begun = await reservationRow(server, made.body.id);
    expect(begun.status).toBe('active');
    expect(await walletOf(server, who)).toBe(100_000 - FEE_MINOR);
    await sweepAt(server, minutesFrom(made.body.endsAt, -4));
    await sweepAt(server, minutesFrom(made.body.endsAt, -3));
    expect(await eventTypesOf(server, who)).toEqual(['reservationBegan', 'reservationEnding']);
    const list = await server.call<{ items: Reservation[]; total: number }>(listUserReserves, {
      token: who.token,
      query: { offset: 0, limit: 10 },
    });
    expect(list.body.items.map((item) => [item.id, item.status])).toEqual([
      [made.body.id, 'active'],
    ]);
    const one = await server.call<Reservation>(getReserve, {
      token: who.token,
      params: { id: made.body.id },
    });
    expect(one.body).toMatchObject({ id: made.body.id, status: 'active' });
    expect(one.body.costMinor).toBe(FEE_MINOR + one.body.idleMinutes * PER_MINUTE_MINOR);
    const stranger = await driver(server);
    const theirs = await server.call(getReserve, {
      token: stranger.token,
      params: { id: made.body.id },
    });
    expect(theirs.status).toBe(404);
  });

  it('lets a driver hold two at once: a third waits until one is used or cancelled', async () => {
    const { chargePoint } = await station({ supportsPeriodReservation: true });
    const who = await driver(server);
    const connectorId = chargePoint.station.connectorIds[0]!;
    const [first, second] = [
      await reserve(server, who, { connectorId, mode: 'period', ...period(60, 120) }),
      await reserve(server, who, { connectorId, mode: 'period', ...period(130, 190) }),
    ];
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = { connectorId, mode: 'period' as const, ...period(200, 260) };
    const refused = await reserve(server, who, third);
    expect(refused.status).toBe(409);
    expect(refused.body as unknown as Failure).toMatchObject({
      code: 'TOO_MANY_RESERVATIONS',
      details: { limit: 2 },
    });
    await cancel(server, who, first.body);
    expect((await reserve(server, who, third)).status).toBe(200);
  });

  it('checks its dates (SPEC §5) and stores nothing when they are wrong', async () => {
    const { chargePoint } = await station({ supportsPeriodReservation: true });
    const plain = await station();
    const who = await driver(server);
    const connectorId = chargePoint.station.connectorIds[0]!;
    const cases = [
      [period(-10, 30), 'startsAt', 'reservePast'],
      [period(60, 50), 'endsAt', 'reserveOrder'],
      [period(60, 75), 'endsAt', 'reserveLength'],
      [period(60, 60 + 241), 'endsAt', 'reserveLength'],
      [period(4 * 1440, 4 * 1440 + 60), 'startsAt', 'reserveHorizon'],
    ] as const;
    for (const [times, path, rule] of cases) {
      const answer = await reserve(server, who, { connectorId, mode: 'period', ...times });
      expect(answer.status, rule).toBe(400);
      expect(answer.body as unknown as Failure).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: [{ path, rule }],
      });
    }
    const unsupported = await reserve(server, who, {
      connectorId: plain.chargePoint.station.connectorIds[0]!,
      mode: 'period',
      ...period(60, 120),
    });
    expect(unsupported.status).toBe(400);
    expect(
      await server.db.select().from(reservations).where(eq(reservations.userId, who.id)),
    ).toEqual([]);
  });
});
