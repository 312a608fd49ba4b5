import { z } from 'zod';
import { rule } from './validation';

// SPEC §3: tariff zones by the station's local time of day. A zone runs from `from` up to,
// not including, `to`. `to` earlier than `from` crosses midnight (23:00-07:00); `from` equal
// to `to` covers the whole day; "24:00" may end a zone. Where zones overlap the first one in
// the list wins; where none applies the tariff's own prices do.

const SECONDS_PER_DAY = 86_400;
const MINUTES_PER_DAY = 1_440;

export const timeOfDaySchema = z
  .string()
  .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, { error: rule.invalid });

const priceMinorSchema = z.number().int().nonnegative();

/** Prices a zone overrides: per kWh, per charging minute, per parking minute. */
export const zonePricesShape = {
  perKwhMinor: priceMinorSchema,
  perMinuteMinor: priceMinorSchema,
  parkingPerMinuteMinor: priceMinorSchema,
};

export const tariffZoneSchema = z.object({
  from: timeOfDaySchema,
  to: timeOfDaySchema,
  ...zonePricesShape,
});
export type TariffZone = z.infer<typeof tariffZoneSchema>;
export type ZonePrices = Pick<TariffZone, keyof typeof zonePricesShape>;

/** "HH:MM" to minutes after local midnight; "24:00" is 1440. */
export function minuteOfDay(time: string): number {
  if (!timeOfDaySchema.safeParse(time).success) throw new RangeError(`Not HH:MM: ${time}`);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

function zoneContains(zone: TariffZone, minute: number): boolean {
  const from = minuteOfDay(zone.from) % MINUTES_PER_DAY;
  const to = minuteOfDay(zone.to);
  if (from === to % MINUTES_PER_DAY) return true;
  if (from < to) return minute >= from && minute < to;
  return minute >= from || minute < to;
}

function zoneAtLocalSecond(zones: readonly TariffZone[], localSecond: number): number | null {
  const secondOfDay = ((localSecond % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  const minute = Math.floor(secondOfDay / 60);
  const index = zones.findIndex((zone) => zoneContains(zone, minute));
  return index === -1 ? null : index;
}

/** The index of the zone in force at an instant (epoch seconds), or null for base prices. */
export function zoneIndexAtSecond(
  zones: readonly TariffZone[],
  epochSecond: number,
  utcOffsetMinutes: number,
): number | null {
  return zoneAtLocalSecond(zones, epochSecond + utcOffsetMinutes * 60);
}

/**
 * The first instant (epoch seconds) after `epochSecond` at which a different zone applies,
 * or undefined if the zone never changes. Zones repeat daily, so any change happens at a
 * zone edge within the next 24 hours.
 */
export function nextZoneChangeSecond(
  zones: readonly TariffZone[],
  epochSecond: number,
  utcOffsetMinutes: number,
): number | undefined {
  if (zones.length === 0) return undefined;
  const offsetSeconds = utcOffsetMinutes * 60;
  const local = epochSecond + offsetSeconds;
  const current = zoneAtLocalSecond(zones, local);
  const midnight = Math.floor(local / SECONDS_PER_DAY) * SECONDS_PER_DAY;
  const edges = [...new Set(zones.flatMap((zone) => [zone.from, zone.to].map(minuteOfDay)))].sort(
    (a, b) => a - b,
  );
  for (const day of [0, 1]) {
    for (const edge of edges) {
      const candidate = midnight + day * SECONDS_PER_DAY + edge * 60;
      if (candidate > local && zoneAtLocalSecond(zones, candidate) !== current) {
        return candidate - offsetSeconds;
      }
    }
  }
  return undefined;
}

export type ZoneSpan = { zone: number | null; fromSecond: number; toSecond: number };

/** Cuts [fromSecond, toSecond) into consecutive spans, one per zone in force. */
export function splitByZone(
  zones: readonly TariffZone[],
  fromSecond: number,
  toSecond: number,
  utcOffsetMinutes: number,
): ZoneSpan[] {
  const spans: ZoneSpan[] = [];
  let start = fromSecond;
  while (start < toSecond) {
    const next = nextZoneChangeSecond(zones, start, utcOffsetMinutes) ?? toSecond;
    const end = Math.min(next, toSecond);
    spans.push({
      zone: zoneIndexAtSecond(zones, start, utcOffsetMinutes),
      fromSecond: start,
      toSecond: end,
    });
    start = end;
  }
  return spans;
}
