import { createHash } from 'node:crypto';
import type { Currency } from '@evcharge/domain/currency';
import type { tariffs, tariffZones } from '../db/schema/stations';

// acNext and dcNext: the prices from an announced change on (SPEC §3 tariff change time).
export const tariffKinds = ['ac', 'dc', 'acNext', 'dcNext'] as const;
export type TariffKind = (typeof tariffKinds)[number];
export type TariffKey = `${Currency}-${TariffKind}`;

// Local prices in minor units: per kWh on AC and DC, parking per minute, reservation and
// the minimal session cost. Roughly what public chargers cost in each country.
const localPrices: Record<
  Currency,
  { acKwh: number; dcKwh: number; parking: number; reservation: number; minimal: number }
> = {
  rub: { acKwh: 1500, dcKwh: 2500, parking: 500, reservation: 5000, minimal: 5000 },
  kzt: { acKwh: 6000, dcKwh: 11_000, parking: 2000, reservation: 20_000, minimal: 30_000 },
  azn: { acKwh: 25, dcKwh: 40, parking: 5, reservation: 100, minimal: 100 },
  kgs: { acKwh: 1000, dcKwh: 1600, parking: 300, reservation: 5000, minimal: 5000 },
  eur: { acKwh: 35, dcKwh: 59, parking: 10, reservation: 100, minimal: 100 },
  tjs: { acKwh: 120, dcKwh: 200, parking: 30, reservation: 500, minimal: 500 },
  uzs: {
    acKwh: 150_000,
    dcKwh: 250_000,
    parking: 50_000,
    reservation: 1_000_000,
    minimal: 1_000_000,
  },
  usd: { acKwh: 18, dcKwh: 30, parking: 5, reservation: 100, minimal: 100 },
  byn: { acKwh: 45, dcKwh: 75, parking: 10, reservation: 200, minimal: 200 },
};

/** A stable id per tariff key, so stations generated in separate runs share tariffs. */
export function tariffId(key: TariffKey): string {
  const hex = createHash('sha256').update(`evcharge-tariff:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

type TariffRow = typeof tariffs.$inferInsert;
type ZoneRow = typeof tariffZones.$inferInsert;

/** The tariff row of a key and its time zones (DC tariffs are cheaper at night). */
export function tariffFor(key: TariffKey): { tariff: TariffRow; zones: ZoneRow[] } {
  const [currency, kind] = key.split('-') as [Currency, TariffKind];
  const p = localPrices[currency];
  // An announced change raises prices by a tenth.
  const perKwhMinor = {
    ac: p.acKwh,
    dc: p.dcKwh,
    acNext: Math.round(p.acKwh * 1.1),
    dcNext: Math.round(p.dcKwh * 1.1),
  }[kind];
  const isAc = kind === 'ac' || kind === 'acNext';
  const id = tariffId(key);
  const tariff: TariffRow = {
    id,
    name: {
      ac: 'AC standard',
      dc: 'DC fast',
      acNext: 'AC standard (new prices)',
      dcNext: 'DC fast (new prices)',
    }[kind],
    currency,
    startFeeMinor: 0,
    firstConsumptionFeeMinor: 0,
    reservationFeeMinor: p.reservation,
    // A tenth of the fixed cost for each minute a reservation holds the connector unused.
    reservationPerMinuteMinor: Math.round(p.reservation / 10),
    perMinuteMinor: 0,
    perKwhMinor,
    parkingPerMinuteMinor: p.parking,
    freeIdleMinutes: 10,
    minimalCostMinor: isAc ? 0 : p.minimal,
  };
  const zones: ZoneRow[] =
    kind === 'dc' || kind === 'dcNext'
      ? [
          {
            tariffId: id,
            position: 0,
            fromTime: '23:00',
            toTime: '07:00',
            perKwhMinor: Math.round(perKwhMinor * 0.8),
            perMinuteMinor: 0,
            parkingPerMinuteMinor: 0,
          },
        ]
      : [];
  return { tariff, zones };
}
