import { splitByZone, zoneIndexAtSecond, type TariffZone } from './tariff-zone';

// What a session used in each tariff zone: energy from the meter, seconds from the clock.
// Keys are zone indexes, null for the tariff's own prices; insertion order is chronological.
export type UsageByZone = Map<number | null, number>;

/** A cumulative energy register reading (OCPP Energy.Active.Import.Register), whole Wh. */
export type MeterReading = { at: Date; energyWh: number };

/** Instants are billed to the whole second (zone edges fall on whole minutes). */
export function epochSecond(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

function addTo(totals: UsageByZone, zone: number | null, quantity: number): void {
  totals.set(zone, (totals.get(zone) ?? 0) + quantity);
}

/**
 * Wh consumed in each zone. Each pair of consecutive readings spreads its energy over the
 * zones it spans in proportion to time, in whole Wh by largest remainder, so the zones add up
 * to the meter exactly. A reading at the zone edge makes the split exact.
 */
export function energyByZone(
  zones: readonly TariffZone[],
  readings: readonly MeterReading[],
  utcOffsetMinutes: number,
): UsageByZone {
  const sorted = [...readings].sort((a, b) => a.at.getTime() - b.at.getTime());
  const totals: UsageByZone = new Map();
  for (const [i, current] of sorted.entries()) {
    if (!Number.isSafeInteger(current.energyWh)) throw new RangeError('energyWh must be whole Wh');
    const previous = sorted[i - 1];
    if (!previous) continue;
    const deltaWh = current.energyWh - previous.energyWh;
    if (deltaWh < 0) throw new RangeError('Meter readings must not decrease');
    if (deltaWh === 0) continue;
    const from = epochSecond(previous.at);
    const to = epochSecond(current.at);
    if (to === from) {
      addTo(totals, zoneIndexAtSecond(zones, from, utcOffsetMinutes), deltaWh);
      continue;
    }
    const shares = splitByZone(zones, from, to, utcOffsetMinutes).map((span, index) => {
      const exact = deltaWh * (span.toSecond - span.fromSecond);
      return {
        index,
        zone: span.zone,
        wh: Math.floor(exact / (to - from)),
        rest: exact % (to - from),
      };
    });
    let left = deltaWh - shares.reduce((sum, share) => sum + share.wh, 0);
    for (const share of [...shares].sort((a, b) => b.rest - a.rest || a.index - b.index)) {
      if (left-- <= 0) break;
      share.wh += 1;
    }
    for (const share of shares) addTo(totals, share.zone, share.wh);
  }
  return totals;
}

/** Seconds of [fromSecond, toSecond) in each zone. */
export function secondsByZone(
  zones: readonly TariffZone[],
  fromSecond: number,
  toSecond: number,
  utcOffsetMinutes: number,
): UsageByZone {
  const totals: UsageByZone = new Map();
  for (const span of splitByZone(zones, fromSecond, toSecond, utcOffsetMinutes)) {
    addTo(totals, span.zone, span.toSecond - span.fromSecond);
  }
  return totals;
}
