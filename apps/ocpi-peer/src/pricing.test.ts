import { describe, expect, it } from 'vitest';
import { fixtureTariffs, tariffIds } from './fixtures';
import { localTime, priceSession, type PricedStretch } from './pricing';

const tariffs = new Map(
  fixtureTariffs({ countryCode: 'FI', partyId: 'NCH' }).map((t) => [t.id, t]),
);
const helsinki = 'Europe/Helsinki';
const stretch = (over: Partial<PricedStretch>): PricedStretch => ({
  start: new Date('2026-03-02T10:00:00Z'),
  energyKwh: 0,
  chargingHours: 0,
  parkingHours: 0,
  powerKw: 11,
  kwhBefore: 0,
  secondsBefore: 0,
  ...over,
});

describe('pricing a session under a NordCharge tariff (OCPI 2.2.1 §11)', () => {
  it('reads the station’s local time', () => {
    expect(localTime(new Date('2026-03-02T21:30:00Z'), helsinki)).toEqual({
      date: '2026-03-02',
      time: '23:30',
      weekday: 'MONDAY',
    });
  });

  it.each([
    [
      'energy only: 10 kWh at 0.29',
      tariffIds.acStandard,
      [stretch({ energyKwh: 10, chargingHours: 1 })],
      { excl_vat: 2.9, incl_vat: 3.64 },
    ],
    [
      'start fee, energy and parking per 5 minutes: 1.00 + 7 kWh × 0.32 + 11 min parking → 15 min × 2.40/h',
      tariffIds.acParking,
      [
        stretch({ energyKwh: 7, chargingHours: 0.5 }),
        stretch({ parkingHours: 11 / 60, kwhBefore: 7, secondsBefore: 1800 }),
      ],
      { excl_vat: 3.84, incl_vat: 4.82 },
    ],
    [
      'by day in Helsinki (12:00 local): 0.35',
      tariffIds.acTimeOfDay,
      [stretch({ energyKwh: 10, chargingHours: 1 })],
      { excl_vat: 3.5, incl_vat: 4.39 },
    ],
    [
      'at night (23:30 local): 0.19',
      tariffIds.acTimeOfDay,
      [stretch({ start: new Date('2026-03-02T21:30:00Z'), energyKwh: 10, chargingHours: 1 })],
      { excl_vat: 1.9, incl_vat: 2.38 },
    ],
    [
      'DC below 50 kW: 20 kWh × 0.45 + 0.5 h × 1.80',
      tariffIds.dcFast,
      [stretch({ powerKw: 40, energyKwh: 20, chargingHours: 0.5 })],
      { excl_vat: 9.9, incl_vat: 12.42 },
    ],
    [
      'DC at 150 kW: 25 kWh × 0.59 + 10 min × 3.00/h',
      tariffIds.dcFast,
      [stretch({ powerKw: 150, energyKwh: 25, chargingHours: 1 / 6 })],
      { excl_vat: 15.25, incl_vat: 19.14 },
    ],
    [
      'DC time billed per started minute: 30.5 s → 1 min × 3.00/h',
      tariffIds.dcFast,
      [stretch({ powerKw: 150, energyKwh: 0, chargingHours: 30.5 / 3600 })],
      { excl_vat: 0.05, incl_vat: 0.06 },
    ],
  ])('%s', (_name, tariffId, stretches, total) => {
    expect(priceSession(tariffs.get(tariffId)!, helsinki, stretches).total).toEqual(total);
  });

  it('splits the total into fixed, energy, time and parking', () => {
    const cost = priceSession(tariffs.get(tariffIds.acParking)!, helsinki, [
      stretch({ energyKwh: 7, chargingHours: 0.5 }),
      stretch({ parkingHours: 0.25 }),
    ]);
    expect([
      cost.fixed.excl_vat,
      cost.energy.excl_vat,
      cost.time.excl_vat,
      cost.parking.excl_vat,
    ]).toEqual([1, 2.24, 0, 0.6]);
  });
});
