import { describe, expect, it } from 'vitest';
import { clampQuantity, postcodeSchema, shopDeliverySchema, shopTotals } from './shop';

describe('shopTotals', () => {
  it.each([
    [[], 35_000, { subtotalMinor: 0, deliveryMinor: 35_000, totalMinor: 35_000 }],
    [[{ priceMinor: 49_000, quantity: 2 }], 35_000, { subtotalMinor: 98_000, deliveryMinor: 35_000, totalMinor: 133_000 }],
    [[{ priceMinor: 49_000, quantity: 2 }, { priceMinor: 1_890_000, quantity: 1 }], 0, { subtotalMinor: 1_988_000, deliveryMinor: 0, totalMinor: 1_988_000 }],
  ])('%j with delivery %i', (lines, delivery, totals) => {
    expect(shopTotals(lines, delivery)).toEqual(totals);
  });
});

describe('clampQuantity', () => {
  it.each([
    [0, 5, 1],
    [3, 5, 3],
    [9, 5, 5],
    [2.7, 5, 2],
    [Number.NaN, 5, 1],
  ])('%d of at most %d is %d', (quantity, max, expected) => {
    expect(clampQuantity(quantity, max)).toBe(expected);
  });
});

describe('postcodeSchema', () => {
  it.each(['125009', 'AZ1000', 'lv-1050', '100 000', '11118'])('takes %s', (code) => {
    expect(postcodeSchema.safeParse(code).success).toBe(true);
  });

  it.each([
    ['', 'required'],
    ['ABCDE', 'postcode'],
    ['1', 'postcode'],
    ['12345678901234', 'postcode'],
    ['-12345', 'postcode'],
    ['12#45', 'postcode'],
  ])('refuses %j with the rule %s', (code, rule) => {
    const parsed = postcodeSchema.safeParse(code);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(rule);
  });

  it('writes letters in capitals', () => {
    expect(postcodeSchema.parse(' az1000 ')).toBe('AZ1000');
  });
});

describe('shopDeliverySchema', () => {
  it('normalises the phone and trims the rest', () => {
    expect(
      shopDeliverySchema.parse({
        name: ' Anna ', phone: '8 (999) 123-45-67', city: 'Moscow', address: 'Tverskaya 1', postcode: '125009', comment: '',
      }),
    ).toEqual({ name: 'Anna', phone: '+79991234567', city: 'Moscow', address: 'Tverskaya 1', postcode: '125009', comment: '' });
  });
});
