import { connectorPlace } from '../sessions';
import { privatePeriodProblem } from './create';
import { withdrawReservation, type ReservationDeps } from './lifecycle';
import { openReservationsAtStation, type ReservationRow } from './repo';

// SPEC §1 private stations, §5 reservation dates: a reservation on a private station lies
// where its driver may use the station throughout (create.ts). When the owner changes the
// shared hours, switches sharing off or gives the station up, the reservations that no longer
// do are withdrawn at no cost to their drivers (lifecycle.ts withdrawReservation).

/** Withdraws the open reservations of `stationId` the station is no longer open to; returns them. */
export async function withdrawClosedReservations(
  deps: ReservationDeps,
  stationId: string,
  now = new Date(),
): Promise<ReservationRow[]> {
  const withdrawn: ReservationRow[] = [];
  for (const reservation of await openReservationsAtStation(deps.db, stationId)) {
    const place = await connectorPlace(deps.db, reservation.connectorId);
    if (!place?.isPrivate) continue;
    // What is left of it: a holding one from now on.
    const startsAt = reservation.startsAt > now ? reservation.startsAt : now;
    if (startsAt >= reservation.endsAt) continue;
    const problem = privatePeriodProblem(place, reservation.userId, {
      startsAt,
      endsAt: reservation.endsAt,
    });
    if (problem) withdrawn.push(await withdrawReservation(deps, reservation));
  }
  return withdrawn;
}
