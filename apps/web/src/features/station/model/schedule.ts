import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { formatDate } from '@/lib/format';

export type Schedule = StationDetail['schedule'];
export type WeekDay = keyof Schedule;
export type Period = Schedule[WeekDay][number];

/** Monday first, as in every country we serve (SPEC §3 countries). */
export const weekDays: readonly WeekDay[] = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'];

/** The station's own week day now: its schedule is in its local time (station-schemas.ts). */
export function stationToday(now: Date, utcOffsetMinutes: number): WeekDay {
  const local = new Date(now.getTime() + utcOffsetMinutes * 60_000);
  // getUTCDay: 0 is Sunday.
  return weekDays[(local.getUTCDay() + 6) % 7]!;
}

/** Minutes after midnight; an end of "00:00", "23:59" or "24:00" closes the day. */
function minuteOf(hhmm: string, isEnd: boolean): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const minute = h * 60 + m;
  return isEnd && (minute === 0 || minute >= 23 * 60 + 59) ? 24 * 60 : minute;
}

/** Open the whole day: one period from midnight to midnight, or periods that join up to one. */
const isWholeDay = (periods: readonly Period[]) => {
  let reached = 0;
  for (const p of [...periods].sort((a, b) => minuteOf(a.from, false) - minuteOf(b.from, false))) {
    if (minuteOf(p.from, false) > reached) break;
    reached = Math.max(reached, minuteOf(p.to, true));
  }
  return reached >= 24 * 60;
};

export type DayHours = { day: WeekDay; kind: 'closed' | 'allDay' | 'periods'; periods: Period[] };

export function dayHours(schedule: Schedule, day: WeekDay): DayHours {
  const periods = [...schedule[day]].sort((a, b) => a.from.localeCompare(b.from));
  if (periods.length === 0) return { day, kind: 'closed', periods };
  if (isWholeDay(periods)) return { day, kind: 'allDay', periods };
  return { day, kind: 'periods', periods };
}

export function isAlwaysOpen(schedule: Schedule): boolean {
  return weekDays.every((day) => dayHours(schedule, day).kind === 'allDay');
}

/** "Monday" … "Sunday" in the reader's language (1 January 2024 was a Monday). */
export function weekDayName(day: WeekDay, language: string, width: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(2024, 0, 1 + weekDays.indexOf(day)));
  return formatDate(date, language, { weekday: width, timeZone: 'UTC' });
}
