import { describe, expect, it } from 'vitest';
import { formatMoney } from '@evcharge/domain/money';
import type { Tariff } from '@evcharge/domain/tariff';
import { parseChangeTime, tariffRows, zoneColumns, zoneRows } from './tariff-rows';

const base: Tariff = {
  currency: 'kzt', startFeeMinor: 0, firstConsumptionFeeMinor: 0, reservationFeeMinor: 0, minimalCostMinor: 0,
  perKwhMinor: 9_500, perMinuteMinor: 0, parkingPerMinuteMinor: 0, zones: [],
};

describe('tariffRows (what the station page lists)', () => {
  it('always shows the energy price, even when it is free', () => {
    expect(tariffRows({ ...base, perKwhMinor: 0 })).toEqual([{ kind: 'perKwh', amountMinor: 0 }]);
  });

  it('lists time, parking and every fee that costs something, in reading order', () => {
    const rows = tariffRows({
      ...base, perMinuteMinor: 200, parkingPerMinuteMinor: 1_000, startFeeMinor: 5_000,
      firstConsumptionFeeMinor: 0, reservationFeeMinor: 3_000, minimalCostMinor: 20_000,
    });
    expect(rows.map((r) => r.kind)).toEqual(['perKwh', 'perMinute', 'parkingPerMinute', 'startFee', 'reservationFee', 'minimalCost']);
  });

  it.each([
    ['ru', 1850, 'rub', '18,50 ₽'],
    ['en', 9500, 'kzt', 'KZT 95.00'],
  ] as const)('formats money with the domain rules (%s)', (language, minor, currency, text) => {
    // Intl separates with no-break spaces; compare with plain ones.
    expect(formatMoney({ amountMinor: minor, currency }, language).replace(/[\u00a0\u202f]/g, ' ')).toBe(text);
  });
});

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
