import type { PaymentDeps } from './operations';
import { captureReservation } from './reservation-payment';
import { heldForEndedReservations, heldForEndedSessions, quietPendingOperations } from './repo';
import { captureSession, releaseSessionHold } from './session-payment';
import { settleOperation } from './settlement';

/**
 * The sweep's part: holds of sessions and reservations that ended (captured or released) and operations the
 * acquirer has not answered for a while (asked again, with the same key).
 */
export async function sweepPayments(deps: PaymentDeps, now = new Date()) {
  const ended = await heldForEndedSessions(deps.db);
  for (const session of ended) {
    if (session.status === 'success') await captureSession(deps, session.sessionId, session.cost);
    else await releaseSessionHold(deps, session.sessionId);
  }
  for (const reservation of await heldForEndedReservations(deps.db))
    await captureReservation(deps, reservation.reservationId, reservation.cost);
  const open = await quietPendingOperations(
    deps.db,
    new Date(now.getTime() - 60_000),
    // A card page left open for a day is the driver's to finish (the return page settles it).
    new Date(now.getTime() - 24 * 3_600_000),
  );
  for (const operation of open) await settleOperation(deps, operation);
}
