import { describe, expect, it } from 'vitest';
import {
  exchangeBetween,
  exchangedCost,
  exchangeMinor,
  paidMinor,
  type Exchange,
} from './exchange';
import { roamingPrice } from './roaming-price';
import type { SessionCost } from './tariff';

const rates = {
  usd: { rub: '93', kzt: '505', usd: '1' },
  eur: { rub: '98.5' },
};
const usdToRub: Exchange = { from: 'usd', to: 'rub', rate: '93' };

describe('exchangeBetween (the brand rate from the station currency into the wallet one)', () => {
  it('finds the pair, and nothing to convert in one currency', () => {
    expect(exchangeBetween(rates, 'usd', 'rub')).toEqual(usdToRub);
    expect(exchangeBetween(rates, 'eur', 'rub')).toEqual({ from: 'eur', to: 'rub', rate: '98.5' });
    expect(exchangeBetween(rates, 'usd', 'usd')).toBeUndefined();
  });

  it('has no exchange where the brand has no rate for the pair', () => {
    expect(exchangeBetween(rates, 'kzt', 'rub')).toBeUndefined();
    expect(exchangeBetween(rates, 'eur', 'kzt')).toBeUndefined();
  });
});

describe('exchangeMinor (a price paid from a wallet of another currency)', () => {
  it('converts at the rate: $4.00 is 372.00 ₽ at 93 ₽/$', () => {
    expect(exchangeMinor(400, usdToRub)).toBe(37_200);
    expect(exchangeMinor(0, usdToRub)).toBe(0);
  });

  it('keeps decimals of the rate exact and rounds half up once', () => {
    const rate = { from: 'usd', to: 'rub', rate: '91.2' } as const;
    // 0.05 × 91.2 = 4.56; 0.55 × 91.2 = 50.16; 0.01 × 91.2 = 0.912 → 0.91; 0.05 × 91.25 = 4.5625 → 4.56.
    expect(exchangeMinor(5, rate)).toBe(456);
    expect(exchangeMinor(55, rate)).toBe(5_016);
    expect(exchangeMinor(1, rate)).toBe(91);
    expect(exchangeMinor(5, { ...rate, rate: '91.25' })).toBe(456);
    expect(exchangeMinor(3, { ...rate, rate: '0.5' })).toBe(2);
  });

  it("is roaming's one rule without our markup, not a second one", () => {
    for (const amount of [1, 99, 400, 12_345, 999_999]) {
      expect(exchangeMinor(amount, { from: 'eur', to: 'rub', rate: '98.5' })).toBe(
        roamingPrice(amount, { markupPercent: 0, rate: '98.5' }).driverMinor,
      );
    }
  });

  it('refuses a negative amount instead of paying it out', () => {
    expect(() => exchangeMinor(-1, usdToRub)).toThrow(RangeError);
  });

  it('pays an amount as it is without an exchange', () => {
    expect(paidMinor(400, null)).toBe(400);
    expect(paidMinor(400, usdToRub)).toBe(37_200);
  });
});

describe('exchangedCost (a receipt in the wallet currency)', () => {
  it('converts every item and the total into the wallet currency', () => {
    const cost: SessionCost = {
      currency: 'usd',
      items: [
        {
          kind: 'startFee',
          zone: null,
          quantity: 1,
          unit: 'session',
          unitPriceMinor: 50,
          amountMinor: 50,
        },
        {
          kind: 'energy',
          zone: null,
          quantity: 10_000,
          unit: 'Wh',
          unitPriceMinor: 35,
          amountMinor: 350,
        },
      ],
      totalMinor: 400,
      energyWh: 10_000,
      chargingSeconds: 1_800,
      parkingSeconds: 0,
    };
    const paid = exchangedCost(cost, usdToRub);
    expect(paid.currency).toBe('rub');
    expect(paid.totalMinor).toBe(37_200);
    expect(paid.items.map((i) => [i.unitPriceMinor, i.amountMinor])).toEqual([
      [4_650, 4_650],
      [3_255, 32_550],
    ]);
    expect(paid.items[1]).toMatchObject({ quantity: 10_000, unit: 'Wh', kind: 'energy' });
  });
});
