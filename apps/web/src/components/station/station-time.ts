import { formatDate, formatWallTime } from '@/lib/format';

// Times of a station are read on its own wall clock (SPEC §3 schedule: the station's UTC
// offset), whatever the phone's time zone: a reservation until 14:30 is 14:30 at the station.

const MINUTE_MS = 60_000;

/** The instant shifted so that its UTC fields are the station's local date and time. */
export function stationWall(at: Date | string, utcOffsetMinutes: number): Date {
  const ms = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(ms + utcOffsetMinutes * MINUTE_MS);
}

const two = (n: number) => String(n).padStart(2, '0');

/** "14:30" at the station, in the reader's style. */
export function stationTimeText(at: Date | string, utcOffsetMinutes: number, language: string): string {
  const wall = stationWall(at, utcOffsetMinutes);
  if (Number.isNaN(wall.getTime())) return String(at);
  return formatWallTime(`${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`, language);
}

/** "Wed, 26 Nov" at the station. */
export function stationDayText(at: Date | string, utcOffsetMinutes: number, language: string): string {
  return formatDate(stationWall(at, utcOffsetMinutes), language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** "Wed, 26 Nov, 14:30–15:30" (the end's day too when it is another). */
export function stationPeriodText(startsAt: string, endsAt: string, utcOffsetMinutes: number, language: string): string {
  const startDay = stationDayText(startsAt, utcOffsetMinutes, language);
  const endDay = stationDayText(endsAt, utcOffsetMinutes, language);
  const start = stationTimeText(startsAt, utcOffsetMinutes, language);
  const end = stationTimeText(endsAt, utcOffsetMinutes, language);
  return endDay === startDay ? `${startDay}, ${start}–${end}` : `${startDay}, ${start} – ${endDay}, ${end}`;
}
