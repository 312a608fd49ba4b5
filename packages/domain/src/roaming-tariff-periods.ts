import type { DayOfWeek, TariffDimensionType } from './roaming-tariff';
import type { ParsedComponent, ParsedRestrictions, ParsedTariff } from './roaming-tariff-parse';

// The inside of ocpiSessionCost: a session's timeline cut into slices within which no tariff
// restriction can change, and the element that applies to each slice.

export const MS_PER_SECOND = 1000;
export const MS_PER_MINUTE = 60_000;
const MS_PER_DAY = 86_400_000;
export const MWH_PER_WH = 1000;

// Date#getUTCDay order: Sunday is 0.
const weekdays: readonly DayOfWeek[] = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
];

/** The state of a session at the start of a slice: what restrictions are checked against. */
export type Moment = {
  /** Milliseconds since 1970 on the location's wall clock (UTC plus its offset). */
  localMs: number;
  energyMwh: number;
  durationMs: number;
  powerKw: number | undefined;
  currentA: number | undefined;
};

// OCPI 2.2.1 §11.4.6: an end_time before the start_time wraps past midnight, and 00:00 as the
// end means the end of the day. A window that ends where it starts spans the whole day.
function inTimeWindow(from: number | undefined, until: number | undefined, msOfDay: number) {
  if (from === undefined && until === undefined) return true;
  const start = (from ?? 0) * MS_PER_MINUTE;
  const end = (until === undefined || until === 0 ? 24 * 60 : until) * MS_PER_MINUTE;
  if (start < end) return msOfDay >= start && msOfDay < end;
  if (start > end) return msOfDay >= start || msOfDay < end;
  return true;
}

// OCPI 2.2.1 §11.4.6: restrictions combine with AND; min_* are inclusive and max_* exclusive
// (end_date too). A power or current the timeline does not report is not held against the
// element, as the OCPI tariffs reference implementation does.
function holds(r: ParsedRestrictions | undefined, m: Moment): boolean {
  if (!r) return true;
  const day = new Date(m.localMs);
  const date = day.toISOString().slice(0, 10);
  const msOfDay = m.localMs - Math.floor(m.localMs / MS_PER_DAY) * MS_PER_DAY;
  const atLeast = (value: number | undefined, min: number | undefined) =>
    min === undefined || value === undefined || value >= min;
  const below = (value: number | undefined, max: number | undefined) =>
    max === undefined || value === undefined || value < max;
  return (
    inTimeWindow(r.fromMinute, r.untilMinute, msOfDay) &&
    (r.startDate === undefined || date >= r.startDate) &&
    (r.endDate === undefined || date < r.endDate) &&
    atLeast(m.energyMwh, r.minMwh) &&
    below(m.energyMwh, r.maxMwh) &&
    atLeast(m.currentA, r.minCurrent) &&
    below(m.currentA, r.maxCurrent) &&
    atLeast(m.powerKw, r.minPower) &&
    below(m.powerKw, r.maxPower) &&
    atLeast(m.durationMs, r.minDurationMs) &&
    below(m.durationMs, r.maxDurationMs) &&
    (r.days === undefined || r.days.has(weekdays[day.getUTCDay()] as DayOfWeek))
  );
}

/**
 * OCPI 2.2.1 §11.3.1: per dimension, the first element whose restrictions all hold and that
 * has a component of that dimension applies; none means that dimension costs nothing then.
 */
export function applicable(
  tariff: ParsedTariff,
  type: TariffDimensionType,
  moment: Moment,
): { element: number; component: ParsedComponent } | undefined {
  for (const element of tariff.elements) {
    const component = element.components[type];
    if (component && holds(element.restrictions, moment)) {
      return { element: element.index, component };
    }
  }
  return undefined;
}

export type Period = {
  startsAt: Date;
  endsAt: Date;
  energyWh: number;
  isCharging: boolean;
  powerKw?: number;
  currentA?: number;
};

export type Slice = { moment: Moment; ms: number; energyMwh: number; isCharging: boolean };

function checkPeriods(periods: readonly Period[]): void {
  if (periods.length === 0) throw new RangeError('A session needs at least one period');
  let previousEnd = -Infinity;
  periods.forEach((p, i) => {
    const from = p.startsAt.getTime();
    const to = p.endsAt.getTime();
    if (!Number.isFinite(from) || !Number.isFinite(to) || to < from || from < previousEnd) {
      throw new RangeError(`periods[${i}] must be a valid interval after the previous one`);
    }
    for (const value of [p.energyWh, p.powerKw, p.currentA]) {
      if (value !== undefined && !(Number.isFinite(value) && value >= 0)) {
        throw new RangeError(`periods[${i}] has a negative or non-finite measurement`);
      }
    }
    previousEnd = to;
  });
}

/**
 * The periods cut wherever a restriction may start or stop holding: at the tariff's times of
 * day and local midnights, at its duration bounds and where the delivered energy reaches one of
 * its kWh bounds. Energy within a period is taken to flow evenly; slices are whole milliseconds
 * and whole milliwatt-hours, and each period's energy is kept exactly.
 */
export function slicePeriods(
  tariff: ParsedTariff,
  periods: readonly Period[],
  utcOffsetMinutes: number,
): Slice[] {
  if (!Number.isInteger(utcOffsetMinutes) || Math.abs(utcOffsetMinutes) > 18 * 60) {
    throw new RangeError(
      `utcOffsetMinutes must be an integer within ±18 h, got ${utcOffsetMinutes}`,
    );
  }
  checkPeriods(periods);
  const offsetMs = utcOffsetMinutes * MS_PER_MINUTE;
  const sessionStart = periods[0]!.startsAt.getTime();
  const slices: Slice[] = [];
  let delivered = 0;
  for (const p of periods) {
    const end = p.endsAt.getTime();
    const totalMs = end - p.startsAt.getTime();
    const averageKw =
      p.isCharging && totalMs > 0 ? (p.energyWh * 3600) / totalMs : p.isCharging ? undefined : 0;
    const powerKw = p.powerKw ?? averageKw;
    const currentA = p.currentA ?? (p.isCharging ? undefined : 0);
    let cursor = p.startsAt.getTime();
    let left = Math.round(p.energyWh * MWH_PER_WH);
    for (;;) {
      const moment = {
        localMs: cursor + offsetMs,
        energyMwh: delivered,
        durationMs: cursor - sessionStart,
        powerKw,
        currentA,
      };
      const span = end - cursor;
      const timeCut = Math.min(
        end,
        nextDayCut(tariff.dayMinutes, cursor + offsetMs) - offsetMs,
        sessionStart + (tariff.durationMs.find((ms) => ms > cursor - sessionStart) ?? Infinity),
      );
      const need = (tariff.energyMwh.find((mwh) => mwh > delivered) ?? Infinity) - delivered;
      let cut = timeCut;
      let energy: number;
      // The kWh bound is reached at cursor + need/left of the span: first, if not after timeCut.
      if (need <= left && BigInt(need) * BigInt(span) <= BigInt(timeCut - cursor) * BigInt(left)) {
        cut = cursor + Number(ceilDiv(BigInt(need) * BigInt(span), BigInt(left)));
        energy = need;
      } else {
        energy = cut === end ? left : Number((BigInt(left) * BigInt(cut - cursor)) / BigInt(span));
      }
      slices.push({ moment, ms: cut - cursor, energyMwh: energy, isCharging: p.isCharging });
      delivered += energy;
      left -= energy;
      cursor = cut;
      if (cursor === end && left === 0) break;
    }
  }
  return slices;
}

function nextDayCut(dayMinutes: readonly number[], localMs: number): number {
  const dayStart = Math.floor(localMs / MS_PER_DAY) * MS_PER_DAY;
  for (const minute of dayMinutes) {
    const at = dayStart + minute * MS_PER_MINUTE;
    if (at > localMs) return at;
  }
  return dayStart + MS_PER_DAY;
}

export function ceilDiv(n: bigint, d: bigint): bigint {
  return (n + d - 1n) / d;
}
