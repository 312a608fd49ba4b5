import { periodProblem, type PeriodProblem } from '@evcharge/domain/reservation';
import type { Schedule } from '@evcharge/domain/station-hours';

// SPEC §4 "a chosen period": the pickers read the station's wall clock (its UTC offset), in
// steps of the quote's minutes, from today to the horizon; SPEC §5 checks the answer.

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;

/** Days as YYYY-MM-DD and times as HH:MM, both at the station. */
export type PeriodDraft = { startDay: string; startTime: string; endDay: string; endTime: string };

export type Period = { startsAt: Date; endsAt: Date };

const two = (n: number) => String(n).padStart(2, '0');

function wallParts(ms: number, utcOffsetMinutes: number): { day: string; time: string } {
  const wall = new Date(ms + utcOffsetMinutes * MINUTE_MS);
  return {
    day: `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`,
    time: `${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`,
  };
}

/** The instant of a wall date and time at the station. */
export function wallToInstant(day: string, time: string, utcOffsetMinutes: number): Date {
  const [y, m, d] = day.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return new Date(
    Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0) - utcOffsetMinutes * MINUTE_MS,
  );
}

/** The station's days from today to the horizon, and the next one (a period may end after midnight). */
export function dayOptions(now: Date, utcOffsetMinutes: number, horizonDays: number): string[] {
  return Array.from(
    { length: horizonDays + 2 },
    (_, i) => wallParts(now.getTime() + i * DAY_MS, utcOffsetMinutes).day,
  );
}

/** Every time of a day in the quote's steps: 00:00, 00:05 … 23:55. */
export function timeOptions(stepMinutes: number): string[] {
  const step = Math.max(1, stepMinutes);
  return Array.from(
    { length: Math.ceil(1440 / step) },
    (_, i) => `${two(Math.floor((i * step) / 60))}:${two((i * step) % 60)}`,
  );
}

/**
 * The start times a driver may still choose on a station day: those after `now` (SPEC §5: a
 * reservation starts in the future), so today's passed times are not offered at all.
 */
export function startTimeOptions(
  day: string,
  now: Date,
  utcOffsetMinutes: number,
  stepMinutes: number,
): string[] {
  return timeOptions(stepMinutes).filter(
    (time) => wallToInstant(day, time, utcOffsetMinutes).getTime() > now.getTime(),
  );
}

/** The station days that still have a start time (today is gone after its last step). */
export function startDayOptions(
  now: Date,
  utcOffsetMinutes: number,
  horizonDays: number,
  stepMinutes: number,
): string[] {
  return dayOptions(now, utcOffsetMinutes, horizonDays).filter(
    (day) => startTimeOptions(day, now, utcOffsetMinutes, stepMinutes).length > 0,
  );
}

/** A first proposal: the next whole step at least one step away, for an hour (within the maximum). */
export function defaultDraft(
  now: Date,
  utcOffsetMinutes: number,
  stepMinutes: number,
  maxPeriodMinutes: number,
): PeriodDraft {
  const stepMs = Math.max(1, stepMinutes) * MINUTE_MS;
  const offsetMs = utcOffsetMinutes * MINUTE_MS;
  // Steps count on the station's clock, so 14:05 is a step wherever the phone is.
  const start = Math.ceil((now.getTime() + offsetMs + stepMs) / stepMs) * stepMs - offsetMs;
  const end = start + Math.min(60, maxPeriodMinutes) * MINUTE_MS;
  const from = wallParts(start, utcOffsetMinutes);
  const to = wallParts(end, utcOffsetMinutes);
  return { startDay: from.day, startTime: from.time, endDay: to.day, endTime: to.time };
}

export function draftPeriod(draft: PeriodDraft, utcOffsetMinutes: number): Period {
  return {
    startsAt: wallToInstant(draft.startDay, draft.startTime, utcOffsetMinutes),
    endsAt: wallToInstant(draft.endDay, draft.endTime, utcOffsetMinutes),
  };
}

/** Another reservation already holds part of it (the server answers STATION_BOOKED). */
export function overlapsTaken(
  period: Period,
  taken: readonly { startsAt: string; endsAt: string }[],
): boolean {
  return taken.some(
    (t) =>
      period.startsAt.getTime() < Date.parse(t.endsAt) &&
      Date.parse(t.startsAt) < period.endsAt.getTime(),
  );
}

export type PeriodCheck = PeriodProblem | { field: 'startsAt'; rule: 'booked' } | undefined;

/** SPEC §5 with the domain's rules, then the periods already taken. */
export function checkPeriod(
  period: Period,
  station: { schedule: Schedule; utcOffsetMinutes: number },
  taken: readonly { startsAt: string; endsAt: string }[],
  now: Date,
): PeriodCheck {
  return (
    periodProblem(period, station, now) ??
    (overlapsTaken(period, taken) ? { field: 'startsAt', rule: 'booked' } : undefined)
  );
}
