import { formatDate } from '@/lib/format';
import { stationClockTime, stationWall } from '@/lib/station-clock';

// Times of a station are read on its own wall clock (SPEC §3 schedule: the station's UTC
// offset), whatever the phone's time zone: a reservation until 14:30 is 14:30 at the station.
// The rule, and where the zone is named, is lib/station-clock's; these are its short forms for
// screens that say the station's zone once for all their times.

/** "14:30" at the station, in the reader's style. */
export function stationTimeText(
  at: Date | string,
  utcOffsetMinutes: number,
  language: string,
): string {
  return stationClockTime(at, utcOffsetMinutes, language);
}

/** "Wed, 26 Nov" at the station. */
export function stationDayText(
  at: Date | string,
  utcOffsetMinutes: number,
  language: string,
): string {
  return formatDate(stationWall(at, utcOffsetMinutes), language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** "Wed, 26 Nov, 14:30–15:30" (the end's day too when it is another). */
export function stationPeriodText(
  startsAt: string,
  endsAt: string,
  utcOffsetMinutes: number,
  language: string,
): string {
  const startDay = stationDayText(startsAt, utcOffsetMinutes, language);
  const endDay = stationDayText(endsAt, utcOffsetMinutes, language);
  const start = stationTimeText(startsAt, utcOffsetMinutes, language);
  const end = stationTimeText(endsAt, utcOffsetMinutes, language);
  return endDay === startDay
    ? `${startDay}, ${start}–${end}`
    : `${startDay}, ${start} – ${endDay}, ${end}`;
}
