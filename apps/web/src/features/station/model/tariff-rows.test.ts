import { describe, expect, it } from 'vitest';
import type { Tariff } from '@evcharge/domain/tariff';
import { parseChangeTime, zoneColumns, zoneRows } from './tariff-rows';

const base: Tariff = {
  currency: 'kzt', startFeeMinor: 0, firstConsumptionFeeMinor: 0, reservationFeeMinor: 0, reservationPerMinuteMinor: 0, minimalCostMinor: 0,
  perKwhMinor: 9_500, perMinuteMinor: 0, parkingPerMinuteMinor: 0, zones: [],
};

describe('zones', () => {
  const tariff: Tariff = {
    ...base,
    zones: [
      { from: '23:00', to: '07:00', perKwhMinor: 6_000, perMinuteMinor: 0, parkingPerMinuteMinor: 0 },
      { from: '07:00', to: '23:00', perKwhMinor: 9_500, perMinuteMinor: 0, parkingPerMinuteMinor: 500 },
    ],
  };

  it('orders zones through the day and shows only the columns in use', () => {
    expect(zoneRows(tariff).map((z) => z.from)).toEqual(['07:00', '23:00']);
    expect(zoneColumns(tariff)).toEqual({ perMinute: false, parking: true });
  });

  it.each([
    ['23:00', { kind: 'wall', time: '23:00' }],
    ['2024-05-01T20:00:00Z', { kind: 'instant', at: new Date('2024-05-01T20:00:00Z') }],
    ['soon', null],
  ])('reads the change time %j', (value, parsed) => {
    expect(parseChangeTime(value)).toEqual(parsed);
  });
});
