import type { z } from 'zod';
import type { CreateReserveBody, connectorReserveNowV2 } from '@evcharge/api/reserves/reserves';
import { minStartBalanceMinor } from '@evcharge/domain/charging';
import type { Currency } from '@evcharge/domain/currency';
import { QUICK_RESERVATION_MINUTES } from '@evcharge/domain/constants';
import { AppError } from '@evcharge/domain/errors';
import { paidMinor, type Exchange } from '@evcharge/domain/exchange';
import {
  periodProblem,
  quickPeriod,
  RESERVATION_HORIZON_DAYS,
  RESERVATION_MAX_OPEN,
  RESERVATION_MAX_PERIOD_MINUTES,
  RESERVATION_STEP_MINUTES,
  reservationMaxCostMinor,
  type ReservationPrice,
} from '@evcharge/domain/reservation';
import { rule } from '@evcharge/domain/validation';
import { isExclusionViolation } from '../../db/errors';
import { payerForProfile } from '../ledger';
import { holdForReservation } from '../payments';
import {
  appIdTag,
  blockedByOf,
  connectorPlace,
  decidePayment,
  exchangeColumns,
  findActiveSession,
  isReachable,
  isRoamingPlace,
  isVisibleTo,
  lockConnector,
  payerProfile,
  paymentFor,
  refusalOf,
  roamingReservationPrice,
  stationRule,
  stationTariffAt,
  tariffOf,
  type ConnectorPlace,
} from '../sessions';
import { beginReservation, failReservation, type ReservationDeps } from './lifecycle';
import {
  countOpenReservations,
  insertReservation,
  stationReservationFacts,
  type ReservationRow,
} from './repo';

// SPEC §7 POST /reserve/create and the quote the reserve screen shows first: the two modes
// (SPEC §4), the dates checked (SPEC §5), the money rules of a start (start-rules.ts), no
// overlap and none over an open session (held by the database and the connector's lock).

type Quote = z.infer<typeof connectorReserveNowV2.response>['quote'];

async function placeFor(
  deps: Pick<ReservationDeps, 'db'>,
  userId: string,
  connectorId: string,
  now: Date,
) {
  const place = await connectorPlace(deps.db, connectorId);
  if (!place || !isVisibleTo(place, userId, now)) throw new AppError('STATION_NOT_FOUND');
  return place;
}

const allDay = [{ from: '00:00', to: '24:00' }];
const allWeek = { mo: allDay, tu: allDay, we: allDay, th: allDay, fr: allDay, sa: allDay, su: allDay };
const MINUTE_MS = 60_000;

/**
 * SPEC §5 reservation dates on a private station: its hours are its owner's (start-rules.ts
 * stationRule), so a chosen period must lie where the driver may use it throughout: any time
 * for its owner, inside the shared hours for others.
 */
export function privatePeriodProblem(
  place: ConnectorPlace,
  userId: string,
  period: { startsAt: Date; endsAt: Date },
) {
  const start = period.startsAt.getTime();
  const end = period.endsAt.getTime();
  for (let at = start; at < end; at += MINUTE_MS) {
    if (!isVisibleTo(place, userId, new Date(at)))
      return { field: 'startsAt', rule: rule.reserveHours };
  }
  return isVisibleTo(place, userId, new Date(end - 1))
    ? undefined
    : { field: 'startsAt', rule: rule.reserveHours };
}

/**
 * The reservation's price from the station's tariff in force when its period begins; at a
 * partner's station, from the partner's tariff (roamingReservationPrice).
 */
async function priceAt(
  deps: Pick<ReservationDeps, 'db' | 'brand'>,
  place: ConnectorPlace,
  userId: string,
  at: Date,
): Promise<{ currency: Currency; price: ReservationPrice }> {
  if (isRoamingPlace(place)) return roamingReservationPrice(deps, place, userId);
  const tariffId = await stationTariffAt(deps.db, place.stationId, at);
  if (!tariffId) throw new AppError('COMMAND_REJECTED', { details: { reason: 'noTariff' } });
  const { tariff } = await tariffOf(deps.db, tariffId);
  return {
    currency: tariff.currency,
    price: {
      fixedCostMinor: tariff.reservationFeeMinor,
      idleMinuteCostMinor: tariff.reservationPerMinuteMinor,
    } satisfies ReservationPrice,
  };
}

/**
 * A reservation's prices as it is paid (sessions/payment-rule.ts): converted at the brand's
 * rate when the wallet pays a station priced in another currency (each price once, as a
 * partner's reservation price is), as they are otherwise.
 */
function paidPrice(price: ReservationPrice, exchange: Exchange | null): ReservationPrice {
  return {
    fixedCostMinor: paidMinor(price.fixedCostMinor, exchange),
    idleMinuteCostMinor: paidMinor(price.idleMinuteCostMinor, exchange),
  };
}

/** What a reservation here would cost and how it would be paid, as a start decides it now. */
export async function reserveQuote(
  deps: Pick<ReservationDeps, 'db' | 'brand'>,
  userId: string,
  connectorId: string,
  now = new Date(),
): Promise<Quote> {
  const place = await placeFor(deps, userId, connectorId, now);
  const { currency, price } = await priceAt(deps, place, userId, now);
  const payer = payerForProfile(userId, await payerProfile(deps.db, userId));
  const payment = await paymentFor(deps.db, userId, payer, currency, deps.brand.roaming.rates);
  const closed = stationRule(place, userId, now).refusal;
  const facts = await stationReservationFacts(deps.db, place.stationId);
  const refusal = closed?.code ?? ('refusal' in payment ? payment.refusal.code : undefined);
  const { exchange } = payment;
  const paid = paidPrice(price, exchange);
  return {
    fixedCostMinor: paid.fixedCostMinor,
    idleMinuteCostMinor: paid.idleMinuteCostMinor,
    currency: 'refusal' in payment ? (exchange?.to ?? currency) : payment.currency,
    quickMaxCostMinor: reservationMaxCostMinor(paid, quickPeriod(now)),
    exchange: exchange && {
      currency: exchange.from,
      ...price,
      quickMaxCostMinor: reservationMaxCostMinor(price, quickPeriod(now)),
      rate: exchange.rate,
    },
    payWith: 'refusal' in payment ? null : payment.method,
    blockedBy: blockedByOf(refusal),
    balanceMinor: payment.balanceMinor,
    balanceCurrency: payment.balanceCurrency,
    minBalanceMinor: minStartBalanceMinor(payment.balanceCurrency),
    supportsPeriod: facts?.supportsPeriodReservation ?? false,
    quickMinutes: QUICK_RESERVATION_MINUTES,
    maxPeriodMinutes: RESERVATION_MAX_PERIOD_MINUTES,
    horizonDays: RESERVATION_HORIZON_DAYS,
    stepMinutes: RESERVATION_STEP_MINUTES,
  };
}

/** SPEC §5: the period of the body, checked; a quick one needs the connector ready now. */
async function periodOf(
  deps: ReservationDeps,
  userId: string,
  place: ConnectorPlace,
  body: CreateReserveBody,
  now: Date,
) {
  if (body.mode === 'quick') {
    // A partner's station is asked by the command itself (RESERVE_NOW): its status is what we know.
    const refusal = isRoamingPlace(place)
      ? (stationRule(place, userId, now).refusal ??
        (place.status === 'faulted' || place.status === 'unavailable'
          ? new AppError('COMMAND_REJECTED', { details: { reason: place.status } })
          : undefined))
      : refusalOf(place, userId, isReachable(deps, place.chargePointId, place.chargePointConnectedAt), now);
    if (refusal?.code === 'COMMAND_REJECTED') {
      const reason = refusal.details?.reason === 'faulted' ? 'Faulted' : 'offline';
      throw new AppError('RESERVATION_FAILED', {
        details: { reason: refusal.details?.reason === 'unavailable' ? 'Unavailable' : reason },
      });
    }
    if (refusal) throw refusal;
    const quick = quickPeriod(now);
    // Another's private station that stops being shared before a quick hold would end.
    const closing = place.isPrivate ? privatePeriodProblem(place, userId, quick) : undefined;
    if (closing)
      throw new AppError('VALIDATION_FAILED', {
        fields: [{ path: 'mode', rule: rule.reserveHours }],
      });
    return quick;
  }
  // SPEC §4: a label (under repair, opening soon, not working) says nothing of when it ends,
  // so it holds for a later period too; a closed station is judged by the period's hours.
  const label = stationRule(place, userId, now).refusal;
  if (label && label.code !== 'STATION_CLOSED') throw label;
  const facts = await stationReservationFacts(deps.db, place.stationId);
  if (!facts?.supportsPeriodReservation)
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'mode', rule: rule.invalid }] });
  const period = { startsAt: new Date(body.startsAt), endsAt: new Date(body.endsAt) };
  const hours = place.isPrivate
    ? { schedule: allWeek, utcOffsetMinutes: place.utcOffsetMinutes }
    : place;
  const problem =
    periodProblem(period, hours, now) ??
    (place.isPrivate ? privatePeriodProblem(place, userId, period) : undefined);
  if (problem)
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: problem.field, rule: problem.rule }],
    });
  return period;
}

/**
 * Makes the reservation: in one transaction with the driver's row locked (the money rules of
 * a start) and then the connector's (no reservation over an open session), the insert that
 * the exclusion constraint refuses when any part of the period is taken. A card is held for
 * the most it can cost; a quick one begins at once (ReserveNow), a chosen period when it is due.
 */
export async function createReservation(
  deps: ReservationDeps,
  userId: string,
  body: CreateReserveBody,
  now = new Date(),
): Promise<ReservationRow> {
  const place = await placeFor(deps, userId, body.connectorId, now);
  const period = await periodOf(deps, userId, place, body, now);
  const { currency, price } = await priceAt(deps, place, userId, period.startsAt);
  let created: {
    reservation: ReservationRow;
    card: { id: string; token: string } | undefined;
    paid: ReservationPrice;
  };
  try {
    created = await deps.db.transaction(async (tx) => {
      const { rates } = deps.brand.roaming;
      const { payer, payment } = await decidePayment(tx, userId, currency, rates);
      // Kept in the currency it is paid in, its prices converted when the wallet pays a
      // station priced in another (payment-rule.ts).
      const paid = paidPrice(price, payment.exchange);
      // The driver's row is locked: their reservations are counted one request at a time.
      if ((await countOpenReservations(tx, userId)) >= RESERVATION_MAX_OPEN)
        throw new AppError('TOO_MANY_RESERVATIONS', { details: { limit: RESERVATION_MAX_OPEN } });
      await lockConnector(tx, place.connectorId);
      if (body.mode === 'quick' && (await findActiveSession(tx, place.connectorId)))
        throw new AppError('CONNECTOR_BUSY');
      const reservation = await insertReservation(tx, {
        userId,
        connectorId: place.connectorId,
        mode: body.mode,
        ...period,
        status: 'scheduled',
        ...paid,
        currency: payment.currency,
        ...exchangeColumns(payment.exchange),
        priceFixedCostMinor: payment.exchange ? price.fixedCostMinor : null,
        priceIdleMinuteCostMinor: payment.exchange ? price.idleMinuteCostMinor : null,
        idTag: appIdTag(),
        paymentMethod: payment.method,
        payerCompanyId: payer.kind === 'company_wallet' ? payer.companyId : null,
      });
      return { reservation, card: payment.card, paid };
    });
  } catch (error) {
    if (isExclusionViolation(error)) throw new AppError('STATION_BOOKED');
    throw error;
  }
  let { reservation } = created;
  const holdMinor = reservationMaxCostMinor(created.paid, period);
  if (created.card && holdMinor > 0) {
    try {
      await holdForReservation(deps, reservation, created.card, holdMinor);
    } catch (error) {
      await failReservation(deps, reservation, 'payment');
      throw error;
    }
  }
  if (body.mode === 'quick') {
    reservation = await beginReservation(deps, reservation);
    if (reservation.status === 'failed')
      throw new AppError('RESERVATION_FAILED', {
        details: { reason: reservation.failReason ?? 'Rejected' },
      });
  }
  return reservation;
}
