import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listEvents, type UserEvent } from '@evcharge/api/events/events';
import { userEvents } from '../../db/schema/notifications';
import { signedInUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { addStation } from '../../test/station-builders';
import { tellReservation } from './reservation-events';
import { recordUserEvents } from './service';

// SPEC §4 reservation: the driver hears that a chosen period began, that it runs out soon, that
// it ended unused, or that the charge point could not hold it — once each, with what the texts
// need to say where and when in the station's local time.

const server = withTestServer();

const deps = () => ({
  db: server.db,
  userEvents: {
    record: async (...events: Parameters<typeof recordUserEvents>[1]) => {
      await recordUserEvents(server.db, events);
    },
    inBackground: () => undefined,
    settled: () => Promise.resolve(),
  },
});

const eventsOf = async (userId: string) =>
  server.db.select().from(userEvents).where(eq(userEvents.userId, userId));

describe('tellReservation', () => {
  it('records each of the reservation’s events once, with its station, connector and times', async () => {
    const who = await signedInUser(server);
    const station = await addStation(server, {
      lat: 55.75,
      lng: 37.61,
      name: 'Reserve Street 1',
      utcOffsetMinutes: 180,
      connectors: [{}, {}],
    });
    const reservation = {
      id: crypto.randomUUID(),
      userId: who.id,
      connectorId: station.connectorIds[1]!,
      startsAt: new Date('2026-05-01T09:00:00.000Z'),
      endsAt: new Date('2026-05-01T10:30:00.000Z'),
      costMinor: 15_000,
      currency: 'rub',
      failReason: null,
    };
    for (const type of [
      'reservationBegan',
      'reservationEnding',
      'reservationExpired',
      'reservationBegan',
      'reservationExpired',
    ] as const) {
      await tellReservation(deps(), reservation, type);
    }

    const rows = await eventsOf(who.id);
    expect(rows.map((row) => row.type).sort()).toEqual([
      'reservationBegan',
      'reservationEnding',
      'reservationExpired',
    ]);
    for (const row of rows) {
      expect(row.dedupeKey).toBe(reservation.id);
      expect(row.data).toEqual({
        reservationId: reservation.id,
        stationId: station.id,
        stationName: 'Reserve Street 1',
        connectorNumber: 2,
        startsAt: '2026-05-01T09:00:00.000Z',
        endsAt: '2026-05-01T10:30:00.000Z',
        utcOffsetMinutes: 180,
        costMinor: 15_000,
        currency: 'rub',
        failReason: null,
      });
    }
    const listed = await server.call<{ items: UserEvent[] }>(listEvents, { token: who.token });
    expect(listed.body.items).toHaveLength(3);
  });

  it('tells a failed reservation with its reason, and an unknown connector without throwing', async () => {
    const who = await signedInUser(server);
    const failed = {
      id: crypto.randomUUID(),
      userId: who.id,
      // Not even a connector id: the lookup fails, the event is still told.
      connectorId: 'not-a-connector',
      startsAt: new Date('2026-05-01T09:00:00.000Z'),
      endsAt: new Date('2026-05-01T10:00:00.000Z'),
      costMinor: 0,
      currency: 'rub',
      failReason: 'Occupied',
    };
    await expect(tellReservation(deps(), failed, 'reservationFailed')).resolves.toBeUndefined();
    const [row] = await eventsOf(who.id);
    expect(row).toMatchObject({
      type: 'reservationFailed',
      data: {
        reservationId: failed.id,
        stationId: null,
        stationName: null,
        connectorNumber: null,
        utcOffsetMinutes: null,
        failReason: 'Occupied',
      },
    });
  });
});
