import { describe, expect, it } from 'vitest';
import { sessionCost, type Tariff } from '@evcharge/domain/tariff';
import {
  receiptItem,
  sessionAdjustmentItems,
  sessionItemsWithDiscount,
  sessionReceiptItems,
  vatIncludedMinor,
} from './receipt-items';

describe('vatIncludedMinor', () => {
  it.each([
    // amount, rate, VAT inside: amount × rate / (100 + rate), half-up
    [12_000, 20, 2_000],
    [100, 20, 17], // 16.67
    [3, 20, 1], // 0.5 rounds up
    [1, 20, 0], // 0.17
    [1650, 20, 275],
    [1_000, 10, 91], // 90.91
    [11_200, 12, 1_200],
    [1_000, 16.5, 142], // 141.63
    [0, 20, 0],
    [12_345, 0, 0],
    [12_345, null, 0],
  ])('%i with %s %% holds %i', (amountMinor, rate, vat) => {
    expect(vatIncludedMinor(amountMinor, rate)).toBe(vat);
  });

  it('refuses a rate that cannot be one', () => {
    expect(() => vatIncludedMinor(100, -5)).toThrow(RangeError);
    expect(() => vatIncludedMinor(100, Number.NaN)).toThrow(RangeError);
  });
});

const tariff: Tariff = {
  currency: 'rub',
  startFeeMinor: 3000,
  firstConsumptionFeeMinor: 0,
  reservationFeeMinor: 0,
  reservationPerMinuteMinor: 0,
  minimalCostMinor: 0,
  perKwhMinor: 1555,
  perMinuteMinor: 7,
  parkingPerMinuteMinor: 100,
  zones: [],
};
const start = new Date('2026-10-15T10:00:00Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
const sum = (items: { amountMinor: number }[]) => items.reduce((s, i) => s + i.amountMinor, 0);

describe('sessionReceiptItems', () => {
  const cost = sessionCost(tariff, {
    startedAt: start,
    endedAt: at(75.5),
    meterReadings: [
      { at: start, energyWh: 0 },
      { at: at(40.25), energyWh: 7_777 },
    ],
    parkingStartedAt: at(40.25),
    parkingEndedAt: at(75.5),
    freeIdleMinutes: 10,
    utcOffsetMinutes: 0,
  });

  it('has a line per tariff item, with codes, units and quantities a person reads', () => {
    const items = sessionReceiptItems(cost, cost.totalMinor, 20);
    expect(items.map((item) => [item.code, item.quantity, item.unit])).toEqual([
      ['start_fee', 1, 'pcs'],
      ['energy', 7.777, 'kWh'],
      ['charging_time', 40.25, 'min'],
      ['parking', 25.25, 'min'],
    ]);
    expect(items.find((item) => item.code === 'energy')).toMatchObject({
      title: 'Energy',
      unitPriceMinor: 1555,
      amountMinor: 12_093, // 7.777 × 15.55 = 120.93
      vatRatePercent: 20,
      vatMinor: 2_016, // 120.93 × 20 / 120 = 20.155
    });
    expect(sum(items)).toBe(cost.totalMinor);
    for (const item of items) expect(item.vatMinor).toBe(vatIncludedMinor(item.amountMinor, 20));
  });

  it.each([1, -1, 57, -500])(
    'puts a difference of %i from the charged cost on the energy line',
    (difference) => {
      const items = sessionReceiptItems(cost, cost.totalMinor + difference, 20);
      expect(sum(items)).toBe(cost.totalMinor + difference);
      const energy = items.find((item) => item.code === 'energy');
      expect(energy?.amountMinor).toBe(12_093 + difference);
      expect(energy?.vatMinor).toBe(vatIncludedMinor(12_093 + difference, 20));
    },
  );

  it('puts it on the biggest line when there is no energy', () => {
    const items = sessionReceiptItems(
      {
        items: [
          {
            kind: 'startFee',
            zone: null,
            quantity: 1,
            unit: 'session',
            unitPriceMinor: 500,
            amountMinor: 500,
          },
        ],
      },
      505,
      null,
    );
    expect(items).toEqual([
      receiptItem('start_fee', 505, null, { quantity: 1, unit: 'pcs', unitPriceMinor: 500 }),
    ]);
  });

  it('gives one line for the whole session when the breakdown cannot absorb the difference', () => {
    expect(sessionReceiptItems(cost, 100, 20)).toEqual([receiptItem('session', 100, 20)]);
    expect(sessionReceiptItems({ items: [] }, 4_200, 20)).toEqual([
      {
        code: 'session',
        title: 'Charging session',
        quantity: 1,
        unit: 'pcs',
        unitPriceMinor: 4_200,
        amountMinor: 4_200,
        vatRatePercent: 20,
        vatMinor: 700,
      },
    ]);
  });
});

describe('sessionAdjustmentItems', () => {
  it.each([
    // difference, VAT rate, code, amount, VAT inside
    [1_500, 20, 'session_extra', 1_500, 250],
    [-1_500, 20, 'session_returned', 1_500, 250],
    [-1, null, 'session_returned', 1, 0],
  ] as const)('%i at %s %% is one %s line of %i', (difference, rate, code, amount, vat) => {
    expect(sessionAdjustmentItems(difference, rate)).toEqual([
      {
        code,
        title:
          code === 'session_extra'
            ? "Additional charge by the meter's final reading"
            : "Returned by the meter's final reading",
        quantity: 1,
        unit: 'pcs',
        unitPriceMinor: amount,
        amountMinor: amount,
        vatRatePercent: rate,
        vatMinor: vat,
      },
    ]);
  });
});

describe('sessionItemsWithDiscount (SPEC §7 Loyalty)', () => {
  const cost = {
    items: [
      {
        kind: 'energy' as const,
        zone: null,
        quantity: 10_000,
        unit: 'Wh' as const,
        unitPriceMinor: 1500,
        amountMinor: 15_000,
      },
      {
        kind: 'parking' as const,
        zone: null,
        quantity: 300,
        unit: 'second' as const,
        unitPriceMinor: 100,
        amountMinor: 500,
      },
    ],
  };

  it('shows the items at their full price and the discount as a negative line, summing to what was paid', () => {
    const items = sessionItemsWithDiscount(cost, 15_500 - 1_500, 1_500, 20);
    expect(items.map((item) => [item.code, item.amountMinor])).toEqual([
      ['energy', 15_000],
      ['parking', 500],
      ['loyalty_discount', -1_500],
    ]);
    expect(items.reduce((sum, item) => sum + item.amountMinor, 0)).toBe(14_000);
    // The discount lowers the VAT base: its own VAT is negative, the lines' VAT is the total's.
    expect(items[2]).toMatchObject({ vatMinor: -250, quantity: 1, unitPriceMinor: -1_500 });
    expect(items.reduce((sum, item) => sum + item.vatMinor, 0)).toBe(vatIncludedMinor(14_000, 20));
  });

  it('adds no line without a discount, and one session line without a breakdown', () => {
    expect(sessionItemsWithDiscount(cost, 15_500, 0, null)).toEqual(
      sessionReceiptItems(cost, 15_500, null),
    );
    expect(
      sessionItemsWithDiscount(undefined, 900, 100, null).map((item) => [
        item.code,
        item.amountMinor,
      ]),
    ).toEqual([
      ['session', 1000],
      ['loyalty_discount', -100],
    ]);
  });
});
