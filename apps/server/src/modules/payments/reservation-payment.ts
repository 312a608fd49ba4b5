import type { Currency } from '@evcharge/domain/currency';
import { captureHold, holdOnCard } from './holds';
import type { PaymentDeps } from './operations';
import { reservationPaymentOf } from './repo';

// A reservation paid by card (SPEC §3 Reservation, the money rules of a start): when the
// balance is short, the default card is held for the most the reservation can cost when it
// is made; the hold is released when it fails or costs nothing, and its cost is captured from
// it when it ends (the capture puts it back on the wallet the cost was taken from).

/** Holds `amountMinor` on the card for the reservation; a decline is answered as its code. */
export function holdForReservation(
  deps: PaymentDeps,
  reservation: { id: string; userId: string; currency: Currency },
  card: { id: string; token: string },
  amountMinor: number,
) {
  return holdOnCard(
    deps,
    {
      orderType: 'ReservationPayment',
      reservationId: reservation.id,
      userId: reservation.userId,
      currency: reservation.currency,
      description: `${deps.brand.title}: connector reservation`,
    },
    card,
    amountMinor,
  );
}

/** Takes the ended reservation's cost from the hold (nothing to take: the hold is released). */
export async function captureReservation(
  deps: PaymentDeps,
  reservationId: string,
  costMinor: number,
) {
  return captureHold(deps, await reservationPaymentOf(deps.db, reservationId), costMinor);
}
