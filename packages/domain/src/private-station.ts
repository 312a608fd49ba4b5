import { divideRoundHalfUp } from './money';
import { isOpenAt, weekDays, type Schedule, type WeekDay } from './station-hours';

// SPEC §1, §2 myCharges, §6 station owner: a private station belongs to the driver who claimed
// it by its code. It is theirs at any time; other drivers see it and may charge on it only
// while the owner shares it: sharing switched on, inside the weekly hours, and not on a date
// off. This file is the one rule every way in asks (the map, the list, the station page, the
// QR code, favourites, a start from the app, the plan, a reservation, an RFID tag at the
// charge point), and what the owner earns from others' sessions.

/** The owner's terms for others: weekly hours and dates off in the station's local time. */
export type Sharing = {
  isShared: boolean;
  weekly: Schedule;
  /** Local dates (YYYY-MM-DD) on which the station is not shared, whatever the weekly hours. */
  datesOff: readonly string[];
};

/** What decides who may use a station. */
export type StationAccessFacts = {
  isPrivate: boolean;
  ownerUserId: string | null;
  /** Null: never shared (an unclaimed station, or one without terms yet). */
  sharing: Sharing | null;
  utcOffsetMinutes: number;
};

/**
 * public: everyone's (its opening hours apply); owner: the caller's own, always open to them;
 * shared: another driver's, shared at this moment; hidden: private and not open to the caller
 * (answered as 'Station not found', so nothing about it leaks).
 */
export type StationAccess = 'public' | 'owner' | 'shared' | 'hidden';

/** How many periods one day of the weekly hours may have. */
export const SHARING_PERIODS_PER_DAY = 6;
/** How many dates off the owner may keep. */
export const SHARING_MAX_DATES_OFF = 366;

/** Wrong claims (unknown code, wrong secret) one driver may make per hour. */
export const CLAIM_WRONG_TRIES_PER_USER_HOUR = 5;
/** Wrong secrets one station code takes per hour, whoever tries. */
export const CLAIM_WRONG_TRIES_PER_CODE_HOUR = 10;

export const sharingTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;
export const sharingEndPattern = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
export const datePattern = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;

export const emptyWeek = (): Schedule => ({ mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] });

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  if (!datePattern.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The station's local date at `at` (a fixed UTC offset, as its hours are). */
export function localDateOf(at: Date, utcOffsetMinutes: number): string {
  return new Date(at.getTime() + utcOffsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
}

/**
 * Shared with other drivers at `at`: switched on, not a date off (the local date at `at`;
 * a date off wins over a period that runs into it past midnight), and inside the weekly
 * hours (station-hours.ts: "24:00" ends a day, a period may run past midnight).
 */
export function isSharedAt(
  sharing: Sharing | null,
  at: Date,
  utcOffsetMinutes: number,
): boolean {
  if (!sharing?.isShared) return false;
  if (sharing.datesOff.includes(localDateOf(at, utcOffsetMinutes))) return false;
  return isOpenAt(sharing.weekly, at, utcOffsetMinutes);
}

/** Whether `userId` owns the station. */
export function isStationOwner(
  station: Pick<StationAccessFacts, 'isPrivate' | 'ownerUserId'>,
  userId: string | null,
): boolean {
  return station.isPrivate && userId !== null && station.ownerUserId === userId;
}

/** Who `userId` (null: a visitor) is to this station at `at`. */
export function stationAccess(
  station: StationAccessFacts,
  userId: string | null,
  at: Date,
): StationAccess {
  if (!station.isPrivate) return 'public';
  if (isStationOwner(station, userId)) return 'owner';
  // An unclaimed station is nobody's to share.
  if (station.ownerUserId !== null && isSharedAt(station.sharing, at, station.utcOffsetMinutes))
    return 'shared';
  return 'hidden';
}

/** Whether the station exists for `userId` at `at`: what lists, pages and starts all ask. */
export function canUseStation(station: StationAccessFacts, userId: string | null, at: Date) {
  return stationAccess(station, userId, at) !== 'hidden';
}

function minuteOf(time: string): number | undefined {
  if (!sharingEndPattern.test(time)) return undefined;
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** How far ahead the next change is looked for; past it the caller asks again later. */
const HORIZON_DAYS = 8;

/**
 * The first instant after `at` at which `isSharedAt` changes, within eight days; null when it
 * does not change in that time (not shared at all, shared round the clock, a long run of dates
 * off). The state can only change at a period's start or end or at a local midnight, so those
 * instants are the only ones checked.
 */
export function nextSharingChange(
  sharing: Sharing | null,
  at: Date,
  utcOffsetMinutes: number,
): Date | null {
  if (!sharing?.isShared) return null;
  const offsetMs = utcOffsetMinutes * MINUTE_MS;
  const local = at.getTime() + offsetMs;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  const candidates = new Set<number>();
  for (let day = -1; day <= HORIZON_DAYS; day++) {
    const dayMidnight = midnight + day * DAY_MS;
    candidates.add(dayMidnight);
    const weekDay = weekDays[(Math.floor(dayMidnight / DAY_MS) + 3) % 7] as WeekDay;
    for (const period of sharing.weekly[weekDay] ?? []) {
      const from = minuteOf(period.from);
      const to = minuteOf(period.to);
      if (from === undefined || to === undefined) continue;
      candidates.add(dayMidnight + from * MINUTE_MS);
      candidates.add(dayMidnight + (to > from ? to : to + 1440) * MINUTE_MS);
    }
  }
  const now = isSharedAt(sharing, at, utcOffsetMinutes);
  const ordered = [...candidates].filter((c) => c > local).sort((a, b) => a - b);
  for (const candidate of ordered) {
    const instant = new Date(candidate - offsetMs);
    if (isSharedAt(sharing, instant, utcOffsetMinutes) !== now) return instant;
  }
  return null;
}

/** The longest a charge point may trust another driver's tag at a shared station on its own. */
export const SHARED_TAG_TRUST_HOURS = 24;

/**
 * Until when a charge point may keep another driver's tag accepted at a shared private station
 * (OCPP 1.6 §3.5.2 Authorization Cache: idTagInfo.expiryDate): the end of the shared window,
 * and never more than SHARED_TAG_TRUST_HOURS ahead, for the owner may change the hours at any time.
 */
export function sharedTagExpiry(sharing: Sharing | null, at: Date, utcOffsetMinutes: number): Date {
  const latest = new Date(at.getTime() + SHARED_TAG_TRUST_HOURS * 60 * MINUTE_MS);
  const change = nextSharingChange(sharing, at, utcOffsetMinutes);
  return change && change < latest ? change : latest;
}

// Percentages like 12.5 % stay exact: the fee is taken in hundredths of a percent.
const BASIS_POINTS = 10_000;

/**
 * What the owner gets of a session another driver paid `fullMinor` for (its full cost, before
 * any loyalty discount, which the programme pays): the cost less the platform's fee. The fee is
 * `fullMinor × percent / 100` rounded half up to a minor unit; the owner gets the rest, so the
 * two always add up to the cost exactly.
 */
export function ownerShare(
  fullMinor: number,
  platformFeePercent: number,
): { feeMinor: number; ownerMinor: number } {
  if (!Number.isSafeInteger(fullMinor) || fullMinor < 0)
    throw new RangeError(`fullMinor must be a non-negative integer, got ${fullMinor}`);
  if (!(platformFeePercent >= 0 && platformFeePercent <= 100))
    throw new RangeError(`platform fee ${platformFeePercent} %`);
  const basisPoints = Math.round(platformFeePercent * 100);
  const feeMinor = Number(divideRoundHalfUp(BigInt(fullMinor) * BigInt(basisPoints), BASIS_POINTS));
  return { feeMinor, ownerMinor: fullMinor - feeMinor };
}

const dayLabels: Record<WeekDay, string> = {
  mo: 'Mo', tu: 'Tu', we: 'We', th: 'Th', fr: 'Fr', sa: 'Sa', su: 'Su',
};

/**
 * The printed summary of weekly hours, as the stations' work hours read: "24/7", or days with
 * the same hours grouped ("Mo–Fr 09:00–20:00, Sa 10:00–14:00"); days without hours are left out.
 */
export function workHoursText(schedule: Schedule): string {
  const hoursOf = (day: WeekDay) =>
    [...(schedule[day] ?? [])]
      .sort((a, b) => a.from.localeCompare(b.from))
      .map((p) => `${p.from}–${p.to}`)
      .join(', ');
  const isAllDay = (day: WeekDay) =>
    (schedule[day] ?? []).some((p) => p.from === '00:00' && (p.to === '24:00' || p.to === '00:00'));
  if (weekDays.every(isAllDay)) return '24/7';
  const groups: { first: WeekDay; last: WeekDay; hours: string }[] = [];
  for (const day of weekDays) {
    const hours = hoursOf(day);
    const previous = groups.at(-1);
    const isNext = previous && weekDays.indexOf(previous.last) === weekDays.indexOf(day) - 1;
    if (previous && isNext && previous.hours === hours) previous.last = day;
    else groups.push({ first: day, last: day, hours });
  }
  return groups
    .filter((group) => group.hours !== '')
    .map((group) => {
      const days =
        group.first === group.last
          ? dayLabels[group.first]
          : `${dayLabels[group.first]}–${dayLabels[group.last]}`;
      return `${days} ${group.hours}`;
    })
    .join(', ');
}
