import type { Car } from '@evcharge/api/cars/car-schemas';
import type { LoyaltyCard, LoyaltyCompany } from '@evcharge/api/loyalty/loyalty';
import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { buildStation } from './builders';

// Test data of the driver's own things: cars, the car catalogue, favourite stations, loyalty cards.

/** A car as GET /api/cars lists it: a catalogue model, so battery and power are known. */
export function buildCar(patch: Partial<Car> = {}): Car {
  return {
    Id: '0b7e3a52-1c1d-4f0a-9a55-6f1f2d3c4b5a', name: 'Family Leaf', catalogueId: 'nissan-leaf-40', vin: 'SJNFAAZE0U6000001',
    socPercent: 64, batteryTemperatureC: 18, rangeKm: 170, batteryKwh: 39, maxAcKw: 6.6, maxDcKw: 50,
    lat: 55.75, lng: 37.61, updatedAt: '2025-05-12T11:03:00.000Z', ...patch,
  };
}

/** GET /api/cars/all, a few models of two makes. */
export const catalogue = {
  items: [
    { id: 'kia-ev6-77', make: 'Kia', model: 'EV6 (77 kWh)', batteryKwh: 74, maxAcKw: 11, maxDcKw: 233 },
    { id: 'nissan-leaf-40', make: 'Nissan', model: 'Leaf (40 kWh)', batteryKwh: 39, maxAcKw: 6.6, maxDcKw: 50 },
    { id: 'kia-niro-ev', make: 'Kia', model: 'Niro EV', batteryKwh: 64.8, maxAcKw: 11, maxDcKw: 72 },
  ],
};

/** A station as the lists show it (GET /api/likedstations, the map's list). */
export function buildStationSummary(patch: Partial<StationSummary> = {}): StationSummary {
  const { schedule: _s, workHours: _w, utcOffsetMinutes: _u, isOpenNow: _o, opensAt: _oa, tariff: _t, tariffChangesAt: _c, nextTariff: _n,
    isFavourite: _f, altName: _a, region: _r, freeIdleMinutes: _i, connectors, ...rest } = buildStation();
  return {
    ...rest, distanceKm: null,
    connectors: connectors.map(({ socketType, currentType, powerKw, status }) => ({ socketType, currentType, powerKw, status })),
    ...patch,
  };
}

// SPEC §7 Loyalty: two partner programmes, a discount one with EAN-13 numbers (GS1 check digit)
// and a points one with free-form numbers drawn as Code 128.
export const loyaltyCompanies = {
  items: [
    {
      id: '6a1f0c2e-0000-4000-8000-00000000a001', name: 'Magnit', logoUrl: '/media/loyalty/magnit.svg', color: '#d9262e', textColor: '#ffffff',
      format: { length: 13, prefix: '46', checkDigit: 'ean13' }, barcode: 'ean13', benefit: { kind: 'discount', percent: 5 },
    },
    {
      id: '6a1f0c2e-0000-4000-8000-00000000a002', name: 'EcoMiles', logoUrl: null, color: '#0f5132', textColor: '#f8f9fa',
      format: { length: 10, prefix: '', checkDigit: 'none' }, barcode: 'code128', benefit: { kind: 'points', pointsPerKwh: 2 },
    },
  ],
} satisfies { items: LoyaltyCompany[] };

export function buildLoyaltyCard(patch: Partial<LoyaltyCard> = {}): LoyaltyCard {
  return {
    id: '3c2b1a00-0000-4000-8000-0000000000c1', number: '4600000000008', name: 'Groceries', company: loyaltyCompanies.items[0]!,
    points: null, isDefault: true, createdAt: '2025-05-12T11:03:00.000Z', ...patch,
  };
}
