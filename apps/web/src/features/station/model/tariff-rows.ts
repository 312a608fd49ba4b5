import type { Tariff } from '@evcharge/domain/tariff';

// The tariff as a driver reads it: what energy, time and parking cost, then one-off fees.
// A fee of 0 is not worth a line; an energy, time or parking price of 0 is ("free").
export type TariffRowKind =
  | 'perKwh'
  | 'perMinute'
  | 'parkingPerMinute'
  | 'startFee'
  | 'firstConsumptionFee'
  | 'reservationFee'
  | 'minimalCost';

export type TariffRow = { kind: TariffRowKind; amountMinor: number };

const priceKinds = [
  ['perKwh', 'perKwhMinor'],
  ['perMinute', 'perMinuteMinor'],
  ['parkingPerMinute', 'parkingPerMinuteMinor'],
] as const;

const feeKinds = [
  ['startFee', 'startFeeMinor'],
  ['firstConsumptionFee', 'firstConsumptionFeeMinor'],
  ['reservationFee', 'reservationFeeMinor'],
  ['minimalCost', 'minimalCostMinor'],
] as const;

export function tariffRows(tariff: Tariff): TariffRow[] {
  const rows: TariffRow[] = priceKinds
    // Charging by the minute is rare; when both it and parking are 0, nobody needs to read it.
    .filter(([kind, field]) => kind === 'perKwh' || tariff[field] > 0)
    .map(([kind, field]) => ({ kind, amountMinor: tariff[field] }));
  for (const [kind, field] of feeKinds) {
    if (tariff[field] > 0) rows.push({ kind, amountMinor: tariff[field] });
  }
  return rows;
}

export type ZoneRow = { from: string; to: string; perKwhMinor: number; perMinuteMinor: number; parkingPerMinuteMinor: number };

/** Zones in the order of the day, so "23:00–07:00" (across midnight) comes last. */
export function zoneRows(tariff: Tariff): ZoneRow[] {
  return [...tariff.zones].sort((a, b) => a.from.localeCompare(b.from));
}

/** Whether per-minute and parking prices appear anywhere (then the zone table shows them). */
export function zoneColumns(tariff: Tariff): { perMinute: boolean; parking: boolean } {
  const all = [tariff, ...tariff.zones];
  return {
    perMinute: all.some((z) => z.perMinuteMinor > 0),
    parking: all.some((z) => z.parkingPerMinuteMinor > 0),
  };
}

/** The change time may come as a wall time ("23:00") or an instant (ISO 8601). */
export function parseChangeTime(value: string): { kind: 'wall'; time: string } | { kind: 'instant'; at: Date } | null {
  if (/^\d{2}:\d{2}$/.test(value)) return { kind: 'wall', time: value };
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : { kind: 'instant', at };
}
