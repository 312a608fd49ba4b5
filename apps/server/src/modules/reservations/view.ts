import type { Reservation } from '@evcharge/api/reserves/reserves';
import { reservationFailReasons } from '@evcharge/api/reserves/reserves';
import { reservationCost } from '@evcharge/domain/reservation';
import type { ReservationRow, ReservationViewRow } from './repo';

// A reservation as the API shows it (SPEC §3 Reservation): its period, what it cost so far or
// in all, and what cancelling it now would cost.

/** What the reservation costs at `now`: nothing before it begins, then fee and minutes held. */
export function costOf(reservation: ReservationRow, now: Date) {
  return reservationCost(
    {
      fixedCostMinor: reservation.fixedCostMinor,
      idleMinuteCostMinor: reservation.idleMinuteCostMinor,
    },
    { begunAt: reservation.begunAt, endedAt: reservation.endedAt },
    now,
  );
}

/**
 * A reservation the wallet paid at a rate (sessions/payment-rule.ts) in the station's own
 * currency: its prices there, what it costs there at `now`, and the rate. Null: priced in the
 * currency it is paid in.
 */
export function priceInStationCurrency(reservation: ReservationRow, now: Date) {
  const { priceCurrency, exchangeRate } = reservation;
  if (!priceCurrency || !exchangeRate) return null;
  const price = {
    fixedCostMinor: reservation.priceFixedCostMinor ?? 0,
    idleMinuteCostMinor: reservation.priceIdleMinuteCostMinor ?? 0,
  };
  const cost = reservationCost(
    price,
    { begunAt: reservation.begunAt, endedAt: reservation.endedAt },
    now,
  );
  return { currency: priceCurrency, ...price, costMinor: cost.totalMinor, rate: exchangeRate };
}

export type ReservationFailReason = (typeof reservationFailReasons)[number];

const failReasonOf = (reason: string | null): Reservation['failReason'] =>
  (reservationFailReasons as readonly string[]).includes(reason ?? '')
    ? (reason as Reservation['failReason'])
    : null;

export function toReservation(row: ReservationViewRow, now: Date): Reservation {
  const { reservation } = row;
  const cost = costOf(reservation, now);
  return {
    id: reservation.id,
    status: reservation.status,
    mode: reservation.mode,
    stationId: row.stationId,
    stationName: row.stationName,
    stationAddress: row.stationAddress,
    lat: row.lat,
    lng: row.lng,
    utcOffsetMinutes: row.utcOffsetMinutes,
    connectorId: reservation.connectorId,
    connectorNumber: row.connectorNumber,
    socketType: row.socketType,
    powerKw: row.powerW / 1000,
    startsAt: reservation.startsAt.toISOString(),
    endsAt: reservation.endsAt.toISOString(),
    begunAt: reservation.begunAt?.toISOString() ?? null,
    endedAt: reservation.endedAt?.toISOString() ?? null,
    fixedCostMinor: reservation.fixedCostMinor,
    idleMinuteCostMinor: reservation.idleMinuteCostMinor,
    currency: reservation.currency,
    costMinor: cost.totalMinor,
    idleMinutes: cost.idleMinutes,
    cancelCostMinor: reservation.status === 'active' ? cost.totalMinor : 0,
    payWith: reservation.paymentMethod,
    exchange: priceInStationCurrency(reservation, now),
    failReason: failReasonOf(reservation.failReason),
    transactionId: row.transactionId,
    receiptId: row.receiptId,
  };
}
