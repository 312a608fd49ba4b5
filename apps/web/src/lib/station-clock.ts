import { formatDate, formatUtcOffset, formatWallTime } from './format';

// One rule for every time of a station's session, reservation or receipt (SPEC §3: a station
// keeps its schedule on its own UTC offset): it is read on the station's clock, and where the
// phone's clock shows another hour at that instant, the station's zone is named after it:
// "Nov 20, 2026, 6:46 AM (UTC+3)". The history, the receipts, the reservations and the
// charging screens all go through here; the server's PDF receipt names the same zone.

const MINUTE_MS = 60_000;

function toDate(at: Date | string): Date {
  return typeof at === 'string' ? new Date(at) : at;
}

/** The phone's offset from UTC at that instant, in minutes east (UTC+3 → 180). */
export function phoneOffsetMinutes(at: Date): number {
  return -at.getTimezoneOffset() || 0;
}

/** The instant shifted so that its UTC fields are the station's local date and time. */
export function stationWall(at: Date | string, utcOffsetMinutes: number): Date {
  return new Date(toDate(at).getTime() + utcOffsetMinutes * MINUTE_MS);
}

/** "UTC+3" where the phone's clock differs from the station's at that instant; '' where not. */
export function stationZoneNote(
  at: Date | string,
  utcOffsetMinutes: number,
  phoneOffset = phoneOffsetMinutes(toDate(at)),
): string {
  return phoneOffset === utcOffsetMinutes ? '' : formatUtcOffset(utcOffsetMinutes);
}

/** `text (UTC+3)`, or the text alone where the phone's clock agrees with the station's. */
export function withStationZone(
  text: string,
  at: Date | string,
  utcOffsetMinutes: number,
  phoneOffset?: number,
): string {
  const zone = stationZoneNote(at, utcOffsetMinutes, phoneOffset);
  return zone ? `${text} (${zone})` : text;
}

const two = (n: number) => String(n).padStart(2, '0');

/** "6:46 AM" (en) or "6:46" (ru) on the station's clock, without the zone. */
export function stationClockTime(
  at: Date | string,
  utcOffsetMinutes: number,
  language: string,
): string {
  const wall = stationWall(at, utcOffsetMinutes);
  if (Number.isNaN(wall.getTime())) return String(at);
  return formatWallTime(`${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}`, language);
}

/**
 * `time`: "6:46 AM (UTC+3)"; `medium`: "Nov 20, 2026, 6:46 AM (UTC+3)"; `long`: "November 20,
 * 2026 at 6:46 AM (UTC+3)". The zone only where the phone's clock differs (`phoneOffset`, in
 * minutes east, is the device's unless given).
 */
export function formatStationTime(
  at: Date | string,
  utcOffsetMinutes: number,
  language: string,
  style: 'time' | 'medium' | 'long' = 'medium',
  phoneOffset?: number,
): string {
  const date = toDate(at);
  if (Number.isNaN(date.getTime())) return String(at);
  const text =
    style === 'time'
      ? stationClockTime(date, utcOffsetMinutes, language)
      : formatDate(stationWall(date, utcOffsetMinutes), language, {
          dateStyle: style,
          timeStyle: 'short',
          timeZone: 'UTC',
        });
  return withStationZone(text, date, utcOffsetMinutes, phoneOffset);
}
