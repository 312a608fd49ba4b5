import type { Tariff } from '@evcharge/domain/tariff';

// The tariff's zones and change time as the station page's tariff card shows them.

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
