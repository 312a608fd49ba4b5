import { describe, expect, it } from 'vitest';
import { formatMoney } from '@evcharge/domain/money';
import type { Tariff } from '@evcharge/domain/tariff';
import { tariffRows } from './tariff-lines';

const base: Tariff = {
  currency: 'kzt', startFeeMinor: 0, firstConsumptionFeeMinor: 0, reservationFeeMinor: 0, reservationPerMinuteMinor: 0, minimalCostMinor: 0,
  perKwhMinor: 9_500, perMinuteMinor: 0, parkingPerMinuteMinor: 0, zones: [],
};

describe('tariffRows (what the station page lists)', () => {
  it('always shows the energy price, even when it is free', () => {
    expect(tariffRows({ ...base, perKwhMinor: 0 })).toEqual([{ kind: 'perKwh', amountMinor: 0 }]);
  });

  it('lists time, parking and every fee that costs something, in reading order', () => {
    const rows = tariffRows({
      ...base, perMinuteMinor: 200, parkingPerMinuteMinor: 1_000, startFeeMinor: 5_000,
      firstConsumptionFeeMinor: 0, reservationFeeMinor: 3_000, reservationPerMinuteMinor: 150, minimalCostMinor: 20_000,
    });
    expect(rows.map((r) => r.kind)).toEqual(['perKwh', 'perMinute', 'parkingPerMinute', 'startFee', 'reservationFee', 'reservationPerMinute', 'minimalCost']);
    expect(rows.find((r) => r.kind === 'reservationPerMinute')?.amountMinor).toBe(150);
  });

  it.each([
    ['ru', 1850, 'rub', '18,50 ₽'],
    ['en', 9500, 'kzt', 'KZT 95.00'],
  ] as const)('formats money with the domain rules (%s)', (language, minor, currency, text) => {
    // Intl separates with no-break spaces; compare with plain ones.
    expect(formatMoney({ amountMinor: minor, currency }, language).replace(/[\u00a0\u202f]/g, ' ')).toBe(text);
  });
});
