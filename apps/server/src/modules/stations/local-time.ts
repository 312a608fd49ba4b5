import type { Schedule, WeekDay } from '../../db/schema/stations';

// Station schedules are in the station's local time; times in answers are in the client's
// UTC offset (the `offset` query of SPEC §7). Both are fixed offsets in minutes, east positive.

const MINUTES_PER_DAY = 1440;
// Date#getUTCDay counts from Sunday.
const daysFromSunday: readonly WeekDay[] = ['su', 'mo', 'tu', 'we', 'th', 'fr', 'sa'];

function minuteOf(time: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return undefined;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute <= MINUTES_PER_DAY && Number(match[2]) < 60 ? minute : undefined;
}

/**
 * Whether the schedule has the station open at `at`. A period runs from `from` up to, not
 * including, `to`; "24:00" ends the day; `to` before `from` runs past midnight into the next
 * day (22:00–02:00); `from` equal to `to` is the whole day, as with tariff zones.
 */
export function isOpenAt(schedule: Schedule, at: Date, utcOffsetMinutes: number): boolean {
  const local = new Date(at.getTime() + utcOffsetMinutes * 60_000);
  const dayIndex = local.getUTCDay();
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  const today = daysFromSunday[dayIndex] as WeekDay;
  const yesterday = daysFromSunday[(dayIndex + 6) % 7] as WeekDay;
  for (const period of schedule[today] ?? []) {
    const from = minuteOf(period.from);
    const to = minuteOf(period.to);
    if (from === undefined || to === undefined) continue;
    if (from === to % MINUTES_PER_DAY) return true;
    if (from < to ? minute >= from && minute < to : minute >= from) return true;
  }
  for (const period of schedule[yesterday] ?? []) {
    const from = minuteOf(period.from);
    const to = minuteOf(period.to);
    if (from !== undefined && to !== undefined && to < from && minute < to) return true;
  }
  return false;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO 8601 with a fixed offset and whole seconds: "2026-11-21T23:10:00+05:00". */
export function formatInOffset(at: Date, offsetMinutes: number): string {
  const local = new Date(Math.floor(at.getTime() / 1000) * 1000 + offsetMinutes * 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const date = local.toISOString().slice(0, 19);
  return `${date}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
