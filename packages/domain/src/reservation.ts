import { isOpenAt, stationOpenState, type Schedule } from './station-hours';
import { QUICK_RESERVATION_MINUTES } from './constants';
import { rule } from './validation';

// SPEC §3 Reservation (per socket: start, end, fixed cost, idle-minute cost), §4 the two
// modes, §5 'Reservation dates are checked'. Pure rules: the server decides with them and the
// web shows the same answer before the driver confirms.

export const reservationModes = ['quick', 'period'] as const;
export type ReservationMode = (typeof reservationModes)[number];

/**
 * scheduled: a chosen period that has not begun (nothing held, nothing charged);
 * active: the charge point holds the connector (ReserveNow accepted), the fee was charged;
 * completed: the driver started charging on it; cancelled: by the driver;
 * expired: it ended unused; failed: the charge point refused or could not be reached.
 */
export const reservationStatuses = [
  'scheduled',
  'active',
  'completed',
  'cancelled',
  'expired',
  'failed',
] as const;
export type ReservationStatus = (typeof reservationStatuses)[number];

/** A reservation that still holds (or will hold) its connector's time. */
export const holdingReservationStatuses = ['scheduled', 'active'] as const;

export function isReservationOpen(status: ReservationStatus): boolean {
  return (holdingReservationStatuses as readonly string[]).includes(status);
}

/** A chosen period is longer than the quick one (SPEC §4, §9) and at most this long. */
export const RESERVATION_MAX_PERIOD_MINUTES = 240;
/** How far ahead a chosen period may begin. */
export const RESERVATION_HORIZON_DAYS = 3;
/** The choice of times moves in steps of this many minutes. */
export const RESERVATION_STEP_MINUTES = 5;
/**
 * At most this many reservations a driver holds or has scheduled at once: a connector held
 * for nothing is a connector another driver cannot use.
 */
export const RESERVATION_MAX_OPEN = 2;
/** The push reminder before a reservation runs out. */
export const RESERVATION_REMINDER_MINUTES = 5;

const MINUTE_MS = 60_000;

/** Why a period cannot be reserved; the field it concerns for the form. */
export type PeriodProblem = {
  field: 'startsAt' | 'endsAt';
  rule:
    | typeof rule.reservePast
    | typeof rule.reserveOrder
    | typeof rule.reserveLength
    | typeof rule.reserveHorizon
    | typeof rule.reserveHours;
};

/**
 * SPEC §5: a chosen period begins in the future and within the horizon, ends after it begins,
 * is longer than the quick reservation and at most the maximum, and lies inside the station's
 * hours from its first minute to its last.
 */
export function periodProblem(
  period: { startsAt: Date; endsAt: Date },
  station: { schedule: Schedule; utcOffsetMinutes: number },
  now: Date,
): PeriodProblem | undefined {
  const start = period.startsAt.getTime();
  const end = period.endsAt.getTime();
  if (!(start > now.getTime())) return { field: 'startsAt', rule: rule.reservePast };
  if (start > now.getTime() + RESERVATION_HORIZON_DAYS * 1440 * MINUTE_MS)
    return { field: 'startsAt', rule: rule.reserveHorizon };
  if (!(end > start)) return { field: 'endsAt', rule: rule.reserveOrder };
  const minutes = (end - start) / MINUTE_MS;
  if (minutes <= QUICK_RESERVATION_MINUTES || minutes > RESERVATION_MAX_PERIOD_MINUTES)
    return { field: 'endsAt', rule: rule.reserveLength };
  if (!isOpenThroughout(station.schedule, station.utcOffsetMinutes, start, end))
    return { field: 'startsAt', rule: rule.reserveHours };
  return undefined;
}

/** Open at every minute of [start, end): checked minute by minute (at most 240 of them). */
export function isOpenThroughout(
  schedule: Schedule,
  utcOffsetMinutes: number,
  startMs: number,
  endMs: number,
): boolean {
  for (let at = startMs; at < endMs; at += MINUTE_MS) {
    if (!isOpenAt(schedule, new Date(at), utcOffsetMinutes)) return false;
  }
  return isOpenAt(schedule, new Date(endMs - 1), utcOffsetMinutes);
}

/** The quick reservation's period: from now for 15 minutes. */
export function quickPeriod(now: Date): { startsAt: Date; endsAt: Date } {
  return { startsAt: now, endsAt: new Date(now.getTime() + QUICK_RESERVATION_MINUTES * MINUTE_MS) };
}

/** Whether the station is open now, so a quick reservation may be taken (SPEC §3 schedule). */
export function isOpenForQuick(schedule: Schedule, utcOffsetMinutes: number, now: Date): boolean {
  return stationOpenState(schedule, now, utcOffsetMinutes).isOpen;
}

/** Minutes held, each begun minute counted (a hold of 0 ms is none). */
export function heldMinutes(fromMs: number, toMs: number): number {
  return toMs > fromMs ? Math.ceil((toMs - fromMs) / MINUTE_MS) : 0;
}

export type ReservationPrice = { fixedCostMinor: number; idleMinuteCostMinor: number };

export type ReservationCost = {
  fixedMinor: number;
  idleMinutes: number;
  idleMinor: number;
  totalMinor: number;
};

/**
 * What a reservation costs (SPEC §3): nothing until it begins; from then the fixed cost and
 * the idle-minute cost for each minute held without charging, until the driver starts,
 * cancels or it expires (`endedAt`, or `now` while it holds).
 */
export function reservationCost(
  price: ReservationPrice,
  hold: { begunAt: Date | null; endedAt: Date | null },
  now: Date,
): ReservationCost {
  if (!hold.begunAt) return { fixedMinor: 0, idleMinutes: 0, idleMinor: 0, totalMinor: 0 };
  const until = (hold.endedAt ?? now).getTime();
  const idleMinutes = heldMinutes(hold.begunAt.getTime(), until);
  const idleMinor = idleMinutes * price.idleMinuteCostMinor;
  return {
    fixedMinor: price.fixedCostMinor,
    idleMinutes,
    idleMinor,
    totalMinor: price.fixedCostMinor + idleMinor,
  };
}

/** The most a reservation can cost: held for its whole period (what a card hold covers). */
export function reservationMaxCostMinor(
  price: ReservationPrice,
  period: { startsAt: Date; endsAt: Date },
): number {
  const minutes = heldMinutes(period.startsAt.getTime(), period.endsAt.getTime());
  return price.fixedCostMinor + minutes * price.idleMinuteCostMinor;
}
