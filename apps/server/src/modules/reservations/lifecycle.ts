import type { Deps } from '../../deps';
import { tellReservation } from '../events';
import { payerOf, postTransaction } from '../ledger';
import { captureReservation } from '../payments';
import { issueReservationReceipt } from '../receipts';
import { connectorPlace, driverGroupTag, isCommandFailure, isReachable } from '../sessions';
import {
  findReservation,
  markSettled,
  setCost,
  setResultDue,
  updateReservationFrom,
  type ReservationRow,
} from './repo';
import {
  cancelAtPartner,
  partnerFailReason,
  partnerPlaceOf,
  partnersReservation,
  reserveAtPartner,
} from './roaming';
import { costOf, priceInStationCurrency, type ReservationFailReason } from './view';

// A reservation's life after it is made (SPEC §3 Reservation, OCPP 1.6 §5.13 ReserveNow and
// §5.1 CancelReservation): it begins when the charge point holds the connector (the fixed cost
// is owed from then), and ends when the driver starts on it, cancels it, or it expires; its
// cost is settled once, through the ledger, with a receipt. At a partner's station the
// partner holds the connector (OCPI 2.2.1 §13 RESERVE_NOW / CANCEL_RESERVATION, roaming.ts).
// Each step moves the row from a status it must still be in, so two instances (or a retry)
// never do a step twice.

export type ReservationDeps = Pick<
  Deps,
  | 'db'
  | 'config'
  | 'chargePoints'
  | 'roamingLink'
  | 'acquirer'
  | 'purchases'
  | 'brand'
  | 'metrics'
  | 'userEvents'
>;

const payerOfReservation = (reservation: ReservationRow) =>
  payerOf({ userId: reservation.userId, payerCompanyId: reservation.payerCompanyId });

/**
 * A card pays the whole cost at the end, from its hold, so the wallet never shows a debt while
 * the reservation runs; a balance (or a company's) pays the fixed cost when it begins.
 */
const paysFeeAtBegin = (reservation: ReservationRow) => reservation.paymentMethod !== 'card';

/** Ends a reservation the charge point did not take: nothing was charged, any hold goes back. */
export async function failReservation(
  deps: ReservationDeps,
  reservation: ReservationRow,
  reason: ReservationFailReason | 'payment',
): Promise<ReservationRow> {
  const now = new Date();
  const failed = await deps.db.transaction(async (tx) => {
    const moved = await updateReservationFrom(tx, reservation.id, ['scheduled'], {
      status: 'failed',
      endedAt: now,
      failReason: reason,
    });
    if (moved) await markSettled(tx, moved.id, 0, now);
    return moved;
  });
  if (!failed) return (await findReservation(deps.db, reservation.id)) ?? reservation;
  if (failed.paymentMethod === 'card')
    await captureReservation(deps, failed.id, 0).catch(() => undefined);
  // A chosen period fails while the driver is not looking: they hear of it.
  if (failed.mode === 'period' && reason !== 'payment')
    await tellReservation(deps, { ...failed, costMinor: 0 }, 'reservationFailed');
  return failed;
}

async function chargePointOf(deps: ReservationDeps, reservation: ReservationRow) {
  const place = await connectorPlace(deps.db, reservation.connectorId);
  if (!place?.chargePointId) return undefined;
  const isOnline = isReachable(deps, place.chargePointId, place.chargePointConnectedAt);
  return isOnline ? { chargePointId: place.chargePointId, number: place.number } : undefined;
}

/**
 * Asks the charge point to let the connector go; a charge point that cannot hear it expires it.
 * A partner's is sent CANCEL_RESERVATION.
 */
async function releaseAtChargePoint(deps: ReservationDeps, reservation: ReservationRow) {
  const partner = await partnerPlaceOf(deps, reservation);
  if (partner) return cancelAtPartner(deps, reservation.id, partner.roamingPartnerId);
  const at = await chargePointOf(deps, reservation);
  if (!at) return;
  await deps.chargePoints
    .cancelReservation(at.chargePointId, { reservationId: reservation.ocppId })
    .catch(() => undefined);
}

/**
 * The period begins: ReserveNow to the charge point, until the period's end, for the
 * reservation's idTag and the driver's parentIdTag (so the driver's RFID tags start there
 * too). Every answer but Accepted fails it (nothing charged). A charge point that cannot be
 * reached fails it as well: the connector is only really held when the charge point holds it,
 * and a driver who counts on a hold that does not exist loses more than a failed reservation
 * (docs/decisions/009-reservations-held-by-the-charge-point.md).
 */
export async function beginReservation(
  deps: ReservationDeps,
  reservation: ReservationRow,
): Promise<ReservationRow> {
  const partner = await partnerPlaceOf(deps, reservation);
  if (!partner) return beginAtChargePoint(deps, reservation);
  const answer = await reserveAtPartner(deps, reservation, partner);
  if (!answer.accepted) {
    await setResultDue(deps.db, reservation.id, null);
    return failReservation(deps, reservation, answer.reason);
  }
  const begun = await holdBegins(deps, reservation);
  // The CommandResult may take the partner's timeout; none by then fails it (sweep.ts).
  if (begun.status === 'active')
    await setResultDue(deps.db, begun.id, new Date(Date.now() + answer.timeoutSeconds * 1000), true);
  return (await findReservation(deps.db, begun.id)) ?? begun;
}

async function beginAtChargePoint(
  deps: ReservationDeps,
  reservation: ReservationRow,
): Promise<ReservationRow> {
  const at = await chargePointOf(deps, reservation);
  if (!at) return failReservation(deps, reservation, 'offline');
  let status: string;
  try {
    const answer = await deps.chargePoints.reserveNow(at.chargePointId, {
      connectorId: at.number,
      expiryDate: reservation.endsAt.toISOString(),
      idTag: reservation.idTag,
      parentIdTag: driverGroupTag(reservation.userId),
      reservationId: reservation.ocppId,
    });
    status = answer.status;
  } catch (error) {
    if (!isCommandFailure(error)) throw error;
    // No answer in time: the charge point may hold it anyway, so it is told to let go.
    if (error.reason === 'timeout') await releaseAtChargePoint(deps, reservation);
    return failReservation(
      deps,
      reservation,
      error.reason === 'timeout' ? 'timeout' : error.reason === 'refused' ? 'Rejected' : 'offline',
    );
  }
  if (status !== 'Accepted')
    return failReservation(deps, reservation, status as ReservationFailReason);
  return holdBegins(deps, reservation);
}

/** The connector is held: the reservation is active, its fixed cost owed from now. */
async function holdBegins(deps: ReservationDeps, reservation: ReservationRow): Promise<ReservationRow> {
  const now = new Date();
  const begun = await deps.db.transaction(async (tx) => {
    const moved = await updateReservationFrom(tx, reservation.id, ['scheduled'], {
      status: 'active',
      begunAt: now,
    });
    if (!moved || moved.fixedCostMinor <= 0 || !paysFeeAtBegin(moved)) return moved;
    await postTransaction(tx, {
      kind: 'reservation_payment',
      reference: `${moved.id}:fee`,
      description: `Reservation ${moved.ocppId}: fixed cost`,
      currency: moved.currency,
      postings: [
        { owner: payerOfReservation(moved), amountMinor: -moved.fixedCostMinor },
        { owner: { kind: 'revenue' }, amountMinor: moved.fixedCostMinor },
      ],
    });
    await setCost(tx, moved.id, moved.fixedCostMinor);
    return moved;
  });
  if (!begun) {
    const current = (await findReservation(deps.db, reservation.id)) ?? reservation;
    // Cancelled or withdrawn while the charge point was being asked: it lets the connector go
    // again. One a partner's result failed already (it came before this) is held by nobody.
    if (current.status !== 'failed' || current.failReason === 'withdrawn')
      await releaseAtChargePoint(deps, reservation);
    return current;
  }
  if (begun.mode === 'period')
    await tellReservation(deps, { ...begun, costMinor: begun.fixedCostMinor }, 'reservationBegan');
  return begun;
}

/** An ended reservation the wallet paid at a rate: what it came to in the station's currency. */
function receiptExchange(reservation: ReservationRow) {
  const price = reservation.endedAt && priceInStationCurrency(reservation, reservation.endedAt);
  if (!price) return null;
  return { currency: price.currency, amountMinor: price.costMinor, rate: price.rate };
}

/**
 * Settles an ended reservation once: what the payer still owes goes to revenue (the idle
 * minutes, and for a card the fixed cost too), the receipt is issued, and a card's hold is
 * captured for the whole cost (or released when it cost nothing).
 */
export async function settleReservation(
  deps: ReservationDeps,
  reservation: ReservationRow,
): Promise<void> {
  if (reservation.settledAt || !reservation.endedAt) return;
  const cost = costOf(reservation, reservation.endedAt);
  const owed = paysFeeAtBegin(reservation) ? cost.idleMinor : cost.totalMinor;
  const settled = await deps.db.transaction(async (tx) => {
    const marked = await markSettled(tx, reservation.id, cost.totalMinor, new Date());
    if (!marked) return undefined;
    if (owed > 0) {
      await postTransaction(tx, {
        kind: 'reservation_payment',
        reference: `${marked.id}:end`,
        description: `Reservation ${marked.ocppId}: ${cost.idleMinutes} min held`,
        currency: marked.currency,
        postings: [
          { owner: payerOfReservation(marked), amountMinor: -owed },
          { owner: { kind: 'revenue' }, amountMinor: owed },
        ],
      });
    }
    await issueReservationReceipt(tx, deps.brand, {
      reservationId: marked.id,
      userId: marked.userId,
      currency: marked.currency,
      paymentMethod: marked.paymentMethod,
      fixedMinor: cost.fixedMinor,
      idleMinutes: cost.idleMinutes,
      idleMinuteCostMinor: marked.idleMinuteCostMinor,
      idleMinor: cost.idleMinor,
      exchange: receiptExchange(marked),
    });
    return marked;
  });
  if (settled?.paymentMethod === 'card')
    await captureReservation(deps, settled.id, cost.totalMinor).catch(() => undefined);
}

/**
 * Ends a reservation that still holds: the driver cancels it (`cancelled`, at once) or its
 * period is over (`expired`, at its end). A held one lets the charge point go. Settled here.
 */
export async function endReservation(
  deps: ReservationDeps,
  reservation: ReservationRow,
  status: 'cancelled' | 'expired',
  at: Date,
): Promise<ReservationRow> {
  const ended = await updateReservationFrom(deps.db, reservation.id, ['scheduled', 'active'], {
    status,
    endedAt: at,
  });
  if (!ended) return (await findReservation(deps.db, reservation.id)) ?? reservation;
  // The charge point expires its own at the period's end; a cancel is told. A partner is
  // told either way, so that its EVSE is free for its other drivers as soon as ours.
  if (reservation.status === 'active' && (status === 'cancelled' || (await partnerPlaceOf(deps, ended))))
    await releaseAtChargePoint(deps, ended);
  await settleReservation(deps, ended);
  const final = (await findReservation(deps.db, ended.id)) ?? ended;
  if (status === 'expired' && final.begunAt)
    await tellReservation(deps, final, 'reservationExpired');
  return final;
}

/**
 * The station is no longer open to the driver for the reservation's period: its owner stopped
 * sharing it then, or gave it up (SPEC §1 private stations). The reservation fails as
 * `withdrawn` and costs the driver nothing: a fixed cost taken when it began goes back to the
 * payer, a card's hold is released, a connector held is let go, and the driver is told.
 */
export async function withdrawReservation(
  deps: ReservationDeps,
  reservation: ReservationRow,
): Promise<ReservationRow> {
  return callOffReservation(deps, reservation, 'withdrawn', true);
}

/**
 * Fails a reservation that may have begun, at no cost to the driver (as withdrawReservation
 * says), for `reason`; `release`: the connector may be held and is let go.
 */
async function callOffReservation(
  deps: ReservationDeps,
  reservation: ReservationRow,
  reason: ReservationFailReason,
  release: boolean,
): Promise<ReservationRow> {
  const now = new Date();
  const calledOff = await deps.db.transaction(async (tx) => {
    const moved = await updateReservationFrom(tx, reservation.id, ['scheduled', 'active'], {
      status: 'failed',
      endedAt: now,
      failReason: reason,
      ocpiResultDueAt: null,
    });
    if (!moved) return undefined;
    // beginReservation took the fixed cost in the transaction that set begunAt.
    if (moved.begunAt && paysFeeAtBegin(moved) && moved.fixedCostMinor > 0) {
      await postTransaction(tx, {
        kind: 'refund',
        reference: `${moved.id}:${reason}`,
        description: `Reservation ${moved.ocppId}: fixed cost returned`,
        currency: moved.currency,
        postings: [
          { owner: { kind: 'revenue' }, amountMinor: -moved.fixedCostMinor },
          { owner: payerOfReservation(moved), amountMinor: moved.fixedCostMinor },
        ],
      });
    }
    await markSettled(tx, moved.id, 0, now);
    return moved;
  });
  if (!calledOff) return (await findReservation(deps.db, reservation.id)) ?? reservation;
  // Held, or asked of a partner that may hold it.
  if (release && (calledOff.begunAt || reservation.ocpiResultDueAt))
    await releaseAtChargePoint(deps, calledOff);
  if (calledOff.paymentMethod === 'card')
    await captureReservation(deps, calledOff.id, 0).catch(() => undefined);
  await tellReservation(deps, { ...calledOff, costMinor: 0 }, 'reservationFailed');
  return (await findReservation(deps.db, calledOff.id)) ?? calledOff;
}

/**
 * The partner's CommandResult (OCPI 2.2.1 §13.4.2) for `reservationId`: an ACCEPTED
 * RESERVE_NOW is held as it began; any other result fails it at no cost (the partner holds
 * nothing to let go). A CANCEL_RESERVATION's result changes nothing: the reservation was over
 * on our side when it was sent. 'unknown': not a reservation at this partner's station.
 */
export async function roamingReservationResult(
  deps: ReservationDeps,
  partnerId: string,
  command: 'RESERVE_NOW' | 'CANCEL_RESERVATION',
  reservationId: string,
  result: string,
): Promise<'applied' | 'unknown'> {
  const found = await partnersReservation(deps, partnerId, reservationId);
  if (!found) return 'unknown';
  if (command === 'CANCEL_RESERVATION') return 'applied';
  if (result === 'ACCEPTED') await setResultDue(deps.db, reservationId, null);
  else await callOffReservation(deps, found.reservation, partnerFailReason(result), false);
  return 'applied';
}

/** A partner that did not send its RESERVE_NOW result in time: failed, and told to let go. */
export async function unansweredReservation(
  deps: ReservationDeps,
  reservation: ReservationRow,
): Promise<ReservationRow> {
  return callOffReservation(deps, reservation, 'timeout', true);
}
