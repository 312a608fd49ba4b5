import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '@evcharge/api/reserves/reserves';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { chargingSessions, reservations } from '../../db/schema/charging';
import { rfidTags } from '../../db/schema/driver';
import { connectedStation, eventually } from '../../test/charge-points';
import { driver, start, type Driver } from '../../test/charging';
import { withSimStations, withTestServer } from '../../test/hooks';
import {
  FEE_MINOR,
  insertReservationTariff,
  minutesFrom,
  PER_MINUTE_MINOR,
  reservationReceipt,
  reservationRow,
  reserve,
  sweepAt,
  walletOf,
} from '../../test/reservations';
import { sessionOf, testCar } from '../../test/sessions';

// A reservation and the starts on its connector (SPEC §3 Reservation; OCPP 1.6 §5.13): the
// reserving driver's start consumes it, from the app or with an RFID tag; anyone else's is
// refused by the same start rules; 20 drivers reserving one period at once get one.

const server = withTestServer();
withSimStations(server, { ledger: true });
let tariffId = '';
beforeAll(async () => {
  tariffId = await insertReservationTariff(server);
});

type Failure = { code: string; details?: Record<string, unknown> };

async function quick(who: Driver, connectorId: string): Promise<Reservation> {
  const answer = await reserve(server, who, { connectorId, mode: 'quick' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function withTag(who: Driver): Promise<string> {
  const uid = `TAG${who.id.slice(0, 8).toUpperCase()}`;
  await server.db.insert(rfidTags).values({ userId: who.id, uid });
  return uid;
}

describe('starts on a reserved connector', () => {
  it('refuses someone else from the app, then becomes the reserving driver’s session', async () => {
    const { chargePoint, station: sim } = await connectedStation(server, { tariffId });
    const connectorId = chargePoint.station.connectorIds[0]!;
    const [owner, other] = await Promise.all([driver(server), driver(server)]);
    const reservation = await quick(owner, connectorId);
    await eventually(() => sim.connector(1).status === 'Reserved');

    const refused = await start(server, other, { connectorId });
    expect(refused.status).toBe(409);
    expect(refused.body as unknown as Failure).toMatchObject({
      code: 'STATION_BOOKED',
      details: { until: reservation.endsAt },
    });

    sim.plug(1, testCar);
    // Listening before the start: the server may answer after the charge point's
    // StartTransaction.conf has already gone out.
    const accepted = sim.next('transactionAccepted');
    const started = await start(server, owner, { connectorId });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const { transactionId } = await accepted;
    const session = await sessionOf(server, transactionId);
    expect(session).toMatchObject({ status: 'charging', reservationId: reservation.id });
    expect((started.body as Charge).transactionId).toBe(transactionId);

    const consumed = await eventually(async () => {
      const row = await reservationRow(server, reservation.id);
      return row.status === 'completed' ? row : undefined;
    });
    expect(consumed.endedAt?.getTime()).toBe(session.startedAt?.getTime());
    await sweepAt(server, new Date());
    const settled = await reservationRow(server, reservation.id);
    const minutes = Math.ceil(
      ((consumed.endedAt?.getTime() ?? 0) - (consumed.begunAt?.getTime() ?? 0)) / 60_000,
    );
    expect(settled.costMinor).toBe(FEE_MINOR + minutes * PER_MINUTE_MINOR);
    expect((await reservationReceipt(server, reservation.id))?.amountMinor).toBe(settled.costMinor);
    expect(await walletOf(server, owner)).toBe(100_000 - settled.costMinor);
  });

  it('starts for the reserving driver’s RFID tag (its parentIdTag) and not for another’s', async () => {
    const { chargePoint, station: sim } = await connectedStation(server, { tariffId });
    const connectorId = chargePoint.station.connectorIds[0]!;
    const [owner, other] = await Promise.all([driver(server), driver(server)]);
    const [ownerTag, otherTag] = [await withTag(owner), await withTag(other)];
    const reservation = await quick(owner, connectorId);
    await eventually(() => sim.connector(1).status === 'Reserved');
    sim.plug(1, testCar);
    await sim.flush();

    // The charge point keeps the connector for the reservation: another tag does not start.
    expect((await sim.presentTag(otherTag, 1)).outcome).toBe('noConnector');

    const accepted = sim.next('transactionAccepted');
    expect((await sim.presentTag(ownerTag, 1)).outcome).toBe('started');
    const { transactionId, idTagStatus } = await accepted;
    expect(idTagStatus).toBe('Accepted');
    expect(await sessionOf(server, transactionId)).toMatchObject({ reservationId: reservation.id });
    expect((await reservationRow(server, reservation.id)).status).toBe('completed');
  });

  it('refuses another driver’s tag by the start rules when the charge point does not hold it yet', async () => {
    // A chosen period has come and the sweep has not sent ReserveNow yet: the server holds it.
    const { chargePoint, station: sim } = await connectedStation(server, {
      tariffId,
      supportsPeriodReservation: true,
    });
    const connectorId = chargePoint.station.connectorIds[0]!;
    const [owner, other] = await Promise.all([driver(server), driver(server)]);
    const otherTag = await withTag(other);
    const made = await reserve(server, owner, {
      connectorId,
      mode: 'period',
      startsAt: minutesFrom(new Date(), 30).toISOString(),
      endsAt: minutesFrom(new Date(), 60).toISOString(),
    });
    expect(made.status).toBe(200);
    await server.db
      .update(reservations)
      .set({ startsAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, made.body.id));
    sim.plug(1, testCar);
    const accepted = sim.next('transactionAccepted');
    expect((await sim.presentTag(otherTag, 1)).outcome).toBe('started');
    const { transactionId, idTagStatus } = await accepted;
    // OCPP 1.6 §4.8: refused with a transactionId the charge point then stops.
    expect([transactionId, idTagStatus]).toEqual([0, 'Invalid']);
    const sessions = await server.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.userId, other.id));
    expect(sessions).toEqual([]);
    expect((await reservationRow(server, made.body.id)).status).toBe('scheduled');
  });

  it('refuses a reservation over a session running on the connector', async () => {
    const { chargePoint, station: sim } = await connectedStation(server, { tariffId });
    const connectorId = chargePoint.station.connectorIds[0]!;
    const [charging, late] = await Promise.all([driver(server), driver(server)]);
    sim.plug(1, testCar);
    expect((await start(server, charging, { connectorId })).status).toBe(200);
    const answer = await reserve(server, late, { connectorId, mode: 'quick' });
    expect(answer.status).toBe(409);
    expect((answer.body as unknown as Failure).code).toBe('CONNECTOR_BUSY');
    expect(await walletOf(server, late)).toBe(100_000);
  });
});

describe('a start and a reservation racing for one connector', () => {
  it('never both: either the session or the reservation gets it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { chargePoint, station: sim } = await connectedStation(server, { tariffId });
      const connectorId = chargePoint.station.connectorIds[0]!;
      // No car yet: whichever wins, the charge point takes it (a start waits for the cable).
      const [starter, reserver] = await Promise.all([driver(server), driver(server)]);
      const [started, reserved] = await Promise.all([
        start(server, starter, { connectorId }),
        reserve(server, reserver, { connectorId, mode: 'quick' }),
      ]);
      const session = await server.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.connectorId, connectorId));
      const holding = await server.db
        .select()
        .from(reservations)
        .where(eq(reservations.connectorId, connectorId));
      const isStarted = started.status === 200;
      const isReserved = reserved.status === 200;
      expect([isStarted, isReserved], JSON.stringify([started.body, reserved.body])).not.toEqual([
        true,
        true,
      ]);
      expect(isStarted || isReserved).toBe(true);
      if (isStarted) {
        expect(session.map((row) => row.status)).not.toContain('cancelled');
        expect(holding.filter((row) => row.status === 'active')).toEqual([]);
      } else {
        expect((started.body as unknown as Failure).code).toBe('STATION_BOOKED');
        expect(session).toEqual([]);
      }
      await sim.close();
    }
  });
});

describe('20 drivers reserving one connector at once', () => {
  it('gives the period to exactly one; the others are told it is booked', async () => {
    const { chargePoint } = await connectedStation(server, {
      tariffId,
      supportsPeriodReservation: true,
    });
    const connectorId = chargePoint.station.connectorIds[0]!;
    const drivers = await Promise.all(Array.from({ length: 20 }, () => driver(server)));
    const base = minutesFrom(new Date(), 60);
    const answers = await Promise.all(
      drivers.map((who, index) =>
        reserve(server, who, {
          connectorId,
          mode: 'period',
          // Overlapping periods, each a few minutes later than the one before.
          startsAt: minutesFrom(base, index * 2).toISOString(),
          endsAt: minutesFrom(base, index * 2 + 45).toISOString(),
        }),
      ),
    );
    const codes = answers.map((a) =>
      a.status === 200 ? 'ok' : (a.body as unknown as Failure).code,
    );
    expect(codes.filter((code) => code === 'ok')).toHaveLength(1);
    expect(codes.filter((code) => code === 'STATION_BOOKED')).toHaveLength(19);
    const held = await server.db
      .select()
      .from(reservations)
      .where(eq(reservations.connectorId, connectorId));
    expect(held.map((row) => row.status)).toEqual(['scheduled']);
  });
});
