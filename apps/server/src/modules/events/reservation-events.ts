import type { Deps } from '../../deps';
import { stationOfConnector } from './repo';

// What the reservation code tells the driver (SPEC §4 reservation): a chosen period began and
// the charge point holds the connector, it runs out soon and charging has not started, it ended
// unused and its cost was charged, or the charge point could not hold it when it began (nothing
// charged). One event per reservation and type (dedupe key: the reservation id), so a second
// sweep does not tell twice. Never throws into the reservation code.

export type ReservationEventDeps = Pick<Deps, 'db' | 'userEvents'>;

export type ReservationEventType =
  'reservationBegan' | 'reservationEnding' | 'reservationExpired' | 'reservationFailed';

export type ToldReservation = {
  id: string;
  userId: string;
  connectorId: string;
  startsAt: Date;
  endsAt: Date;
  costMinor: number;
  currency: string;
  /** reservationFailed: Occupied, Faulted, Unavailable, Rejected (ReserveNow), offline, timeout. */
  failReason: string | null;
};

/** Records the reservation's event of `type` (once) and pushes it to the driver's devices. */
export async function tellReservation(
  deps: ReservationEventDeps,
  reservation: ToldReservation,
  type: ReservationEventType,
): Promise<void> {
  const station = await stationOfConnector(deps.db, reservation.connectorId).catch(() => undefined);
  await deps.userEvents.record({
    userId: reservation.userId,
    type,
    dedupeKey: reservation.id,
    data: {
      reservationId: reservation.id,
      stationId: station?.id ?? null,
      stationName: station?.name ?? null,
      connectorNumber: station?.connectorNumber ?? null,
      startsAt: reservation.startsAt.toISOString(),
      endsAt: reservation.endsAt.toISOString(),
      utcOffsetMinutes: station?.utcOffsetMinutes ?? null,
      costMinor: reservation.costMinor,
      currency: reservation.currency,
      failReason: reservation.failReason,
    },
  });
}
