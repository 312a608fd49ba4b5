import { connectorPlace, isRoamingPlace, type RoamingPlace } from '../sessions';
import type { ReservationDeps } from './lifecycle';
import { findReservation, setResultDue, type ReservationRow } from './repo';
import type { ReservationFailReason } from './view';

// A reservation at a partner's station (SPEC §1 roaming, §3 Reservation) over OCPI 2.2.1 §13:
// RESERVE_NOW for the driver's app token until the period's end, CANCEL_RESERVATION to let
// it go. The partner answers at once (CommandResponse) and later with a CommandResult at our
// response_url; until that result the reservation waits for it (`ocpi_result_due_at`), and a
// result that is not ACCEPTED, or none in the partner's time, fails it at no cost
// (lifecycle.ts callOffReservation).

/** What a partner's refusal or failure reads as for the driver (§13.4.1, §13.4.2). */
export function partnerFailReason(result: string): ReservationFailReason {
  switch (result) {
    case 'NOT_SUPPORTED':
      return 'notSupported';
    case 'EVSE_OCCUPIED':
      return 'Occupied';
    case 'EVSE_INOPERATIVE':
      return 'Unavailable';
    case 'TIMEOUT':
      return 'timeout';
    case 'FAILED':
    case 'CANCELED_RESERVATION':
      return 'failed';
    default:
      // REJECTED, and UNKNOWN_SESSION / UNKNOWN_RESERVATION, which no RESERVE_NOW should get.
      return 'Rejected';
  }
}

/** The partner's place of a reservation's connector; undefined at our own stations. */
export async function partnerPlaceOf(
  deps: Pick<ReservationDeps, 'db'>,
  reservation: Pick<ReservationRow, 'connectorId'>,
): Promise<RoamingPlace | undefined> {
  const place = await connectorPlace(deps.db, reservation.connectorId);
  return place && isRoamingPlace(place) ? place : undefined;
}

/** How long we wait for the CommandResponse itself, before the partner says how long the result may take. */
const answerMarginMs = 60_000;

/**
 * RESERVE_NOW of the partner's EVSE: 'accepted', or why the reservation fails now. The
 * reservation waits for the result from before the command goes out (a crash in between
 * still ends with it failed in the sweep); after ACCEPTED the partner's timeout counts.
 */
export async function reserveAtPartner(
  deps: Pick<ReservationDeps, 'db' | 'config' | 'roamingLink'>,
  reservation: ReservationRow,
  place: RoamingPlace,
): Promise<
  { accepted: true; timeoutSeconds: number } | { accepted: false; reason: ReservationFailReason }
> {
  await setResultDue(
    deps.db,
    reservation.id,
    new Date(Date.now() + deps.config.ocpi.callTimeoutSeconds * 1000 + answerMarginMs),
  );
  const outcome = await deps.roamingLink.reserveNow({
    partnerId: place.roamingPartnerId,
    userId: reservation.userId,
    reservationId: reservation.id,
    expiresAt: reservation.endsAt,
    locationId: place.ocpiLocationId,
    evseUid: place.ocpiEvseUid,
  });
  if (outcome.kind === 'failed') {
    // No answer in time, or one that could not be read: the partner may hold it anyway, so it
    // is told to let go.
    if (outcome.reason === 'timeout' || outcome.reason === 'unreadable')
      await cancelAtPartner(deps, reservation.id, place.roamingPartnerId);
    return {
      accepted: false,
      reason:
        outcome.reason === 'timeout'
          ? 'timeout'
          : outcome.reason === 'refused'
            ? 'Rejected'
            : 'offline',
    };
  }
  if (outcome.result !== 'ACCEPTED')
    return { accepted: false, reason: partnerFailReason(outcome.result) };
  return { accepted: true, timeoutSeconds: outcome.timeoutSeconds };
}

/** CANCEL_RESERVATION; whatever the partner answers, the reservation is over on our side. */
export async function cancelAtPartner(
  deps: Pick<ReservationDeps, 'roamingLink'>,
  reservationId: string,
  partnerId: string,
): Promise<void> {
  await deps.roamingLink.cancelReservation({ partnerId, reservationId }).catch(() => undefined);
}

/** The reservation `id` if it is at a station of `partnerId`. */
export async function partnersReservation(
  deps: Pick<ReservationDeps, 'db'>,
  partnerId: string,
  id: string,
) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const reservation = await findReservation(deps.db, id);
  if (!reservation) return undefined;
  const place = await partnerPlaceOf(deps, reservation);
  return place?.roamingPartnerId === partnerId ? { reservation, place } : undefined;
}
