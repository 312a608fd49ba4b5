import { AppError } from '@evcharge/domain/errors';
import type { Currency } from '@evcharge/domain/currency';
import { askAcquirer, createOperation, declineError, isFinal, type PaymentDeps } from './operations';
import { reservationPaymentOf, type Operation } from './repo';
import { applyOutcome, settleOperation } from './settlement';

// A reservation paid by card (SPEC §3 Reservation, the money rules of a start): when the
// balance is short, the default card is held for the most the reservation can cost when it
// is made; the hold is released when it fails or costs nothing, and its cost is captured from
// it when it ends (the capture puts it back on the wallet the cost was taken from).

type Reservation = { id: string; userId: string; currency: Currency };

/** Holds `amountMinor` on the card for the reservation; a decline is answered as its code. */
export async function holdForReservation(
  deps: PaymentDeps,
  reservation: Reservation,
  card: { id: string; token: string },
  amountMinor: number,
): Promise<Operation> {
  const operation = await createOperation(deps, {
    userId: reservation.userId,
    orderType: 'ReservationPayment',
    amountMinor,
    currency: reservation.currency,
    cardId: card.id,
    reservationId: reservation.id,
  });
  const outcome = await askAcquirer(() =>
    deps.acquirer.hold({
      idempotencyKey: operation.idempotencyKey,
      cardToken: card.token,
      amountMinor,
      currency: reservation.currency,
      description: `${deps.brand.title}: connector reservation`,
    }),
  );
  if (!outcome) throw new AppError('ACQ22', { details: { operationId: operation.id } });
  const held = await applyOutcome(deps, operation.id, outcome);
  if (held.status !== 'held') throw declineError(held);
  return held;
}

/**
 * Takes the ended reservation's cost from the hold, at most the hold (nothing to take: the
 * hold is released). The sweep calls it again while the acquirer does not answer.
 */
export async function captureReservation(
  deps: PaymentDeps,
  reservationId: string,
  costMinor: number,
) {
  const operation = await reservationPaymentOf(deps.db, reservationId);
  if (!operation || isFinal(operation)) return operation;
  if (operation.status !== 'held' || !operation.acquirerPaymentId)
    return settleOperation(deps, operation);
  const paymentId = operation.acquirerPaymentId;
  const amountMinor = Math.min(costMinor, operation.amountMinor);
  const outcome = await askAcquirer(() =>
    amountMinor > 0
      ? deps.acquirer.capture({ idempotencyKey: `capture:${operation.id}`, paymentId, amountMinor })
      : deps.acquirer.release({ idempotencyKey: `release:${operation.id}`, paymentId }),
  );
  return outcome ? applyOutcome(deps, operation.id, outcome) : operation;
}
