// SPEC §3: a station has a schedule and work hours. The schedule is the rule: its periods are in
// the station's local time, a fixed offset from UTC in minutes (east positive), so there is no
// daylight saving to follow. The work hours are only its printed summary.

export const weekDays = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
export type WeekDay = (typeof weekDays)[number];
export type Period = { from: string; to: string };
export type Schedule = Record<WeekDay, readonly Period[]>;

/** Open now, or closed and when it opens next (null: the schedule has no hours at all). */
export type OpenState =
  | { isOpen: true }
  | { isOpen: false; opensAt: { at: Date; day: WeekDay; time: string } | null };

const MINUTES_PER_DAY = 1440;
const MINUTE_MS = 60_000;
const DAY_MS = MINUTES_PER_DAY * MINUTE_MS;

function minuteOf(time: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return undefined;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return minute <= MINUTES_PER_DAY && Number(match[2]) < 60 ? minute : undefined;
}

/**
 * The periods of a day as [from, to) minutes from that day's local midnight. "24:00" ends the
 * day; `to` before `from` runs past midnight into the next day (22:00–02:00); `from` equal to
 * `to` is the whole day, as with tariff zones. A malformed period is no period.
 */
function spans(schedule: Schedule, day: WeekDay): [number, number][] {
  const result: [number, number][] = [];
  for (const period of schedule[day] ?? []) {
    const from = minuteOf(period.from);
    const to = minuteOf(period.to);
    if (from === undefined || to === undefined) continue;
    if (from === to % MINUTES_PER_DAY) result.push([0, MINUTES_PER_DAY]);
    else result.push([from, to > from ? to : to + MINUTES_PER_DAY]);
  }
  return result;
}

/** Monday 0 … Sunday 6 of a local midnight given in ms (the epoch was a Thursday). */
const dayOf = (localMidnightMs: number): WeekDay =>
  weekDays[(Math.floor(localMidnightMs / DAY_MS) + 3) % 7] as WeekDay;

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * Whether the station is open at `at`, and if not, when it opens next: the one rule the map,
 * the station page and the start of a charge (which it refuses while closed) all follow.
 */
export function stationOpenState(schedule: Schedule, at: Date, utcOffsetMinutes: number): OpenState {
  const local = at.getTime() + utcOffsetMinutes * MINUTE_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS;
  const minute = (local - midnight) / MINUTE_MS;
  // Yesterday's periods may run past midnight into today.
  for (const offsetDays of [-1, 0]) {
    const shift = -offsetDays * MINUTES_PER_DAY;
    for (const [from, to] of spans(schedule, dayOf(midnight + offsetDays * DAY_MS))) {
      if (minute + shift >= from && minute + shift < to) return { isOpen: true };
    }
  }
  for (let offsetDays = 0; offsetDays <= 7; offsetDays += 1) {
    const dayMidnight = midnight + offsetDays * DAY_MS;
    const starts = spans(schedule, dayOf(dayMidnight))
      .map(([from]) => from)
      .filter((from) => offsetDays > 0 || from > minute)
      .sort((a, b) => a - b);
    const from = starts[0];
    if (from === undefined) continue;
    const opensLocal = dayMidnight + from * MINUTE_MS;
    return {
      isOpen: false,
      opensAt: {
        at: new Date(opensLocal - utcOffsetMinutes * MINUTE_MS),
        day: dayOf(dayMidnight),
        time: `${pad(Math.floor(from / 60))}:${pad(from % 60)}`,
      },
    };
  }
  return { isOpen: false, opensAt: null };
}

export function isOpenAt(schedule: Schedule, at: Date, utcOffsetMinutes: number): boolean {
  return stationOpenState(schedule, at, utcOffsetMinutes).isOpen;
}
