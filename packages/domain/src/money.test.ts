import { describe, expect, it } from 'vitest';
import type { Language } from './constants';
import type { Currency } from './currency';
import {
  addMoney,
  amountText,
  CurrencyMismatchError,
  divideRoundHalfUp,
  formatMoney,
  money,
  moneySchema,
  multiplyMoney,
  parseAmountMinor,
  parseMoney,
  subtractMoney,
  sumMoney,
} from './money';

const rub = (amountMinor: number) => money(amountMinor, 'rub');
const nbsp = '\u00a0';

describe('money', () => {
  it.each([1.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1])('refuses %d minor units', (value) => {
    expect(() => money(value, 'rub')).toThrow(RangeError);
  });

  it.each([
    [{ amountMinor: 100, currency: 'rub' }, true],
    [{ amountMinor: 1.5, currency: 'rub' }, false],
    [{ amountMinor: 100, currency: 'gbp' }, false],
  ])('moneySchema %j valid: %s', (value, valid) => {
    expect(moneySchema.safeParse(value).success).toBe(valid);
  });
});

describe('add and subtract', () => {
  it('work in one currency', () => {
    expect(addMoney(rub(1050), rub(250))).toEqual(rub(1300));
    expect(subtractMoney(rub(1050), rub(2000))).toEqual(rub(-950));
    expect(sumMoney([rub(1), rub(2), rub(3)], 'rub')).toEqual(rub(6));
    expect(sumMoney([], 'eur')).toEqual(money(0, 'eur'));
  });

  it.each([
    ['add', () => addMoney(rub(1), money(1, 'eur'))],
    ['subtract', () => subtractMoney(money(1, 'usd'), rub(1))],
    ['sum', () => sumMoney([rub(1), money(1, 'kzt')], 'rub')],
  ])('%s throws on a currency mismatch', (_, combine) => {
    expect(combine).toThrow(CurrencyMismatchError);
  });
});

describe('divideRoundHalfUp', () => {
  it.each([
    [5, 2, 3n],
    [4, 2, 2n],
    [7, 2, 4n],
    [149, 100, 1n],
    [150, 100, 2n],
    [-5, 2, -3n],
    [-149, 100, -1n],
    [5, -2, -3n],
    [0, 7, 0n],
  ])('%d / %d -> %s', (n, d, expected) => {
    expect(divideRoundHalfUp(n, d)).toBe(expected);
  });

  it('is exact beyond 2^53', () => {
    expect(divideRoundHalfUp(2n ** 60n + 1n, 2n)).toBe(2n ** 59n + 1n);
  });

  it('refuses division by zero', () => {
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
  });
});

describe('multiplyMoney', () => {
  it.each([
    [1000, 115, 100, 1150], // +15 %
    [333, 1, 3, 111],
    [1, 1, 2, 1], // half rounds up
    [3, 1, 2, 2], // 1.5 -> 2
    [5, 1, 10, 1], // 0.5 -> 1
    [4, 1, 10, 0], // 0.4 -> 0
    [-3, 1, 2, -2], // a refund mirrors the charge
    [1005, 1, 10, 101], // 100.5 -> 101, where 1005 * 0.1 in floats is 100.49999…
    [999_999_999_999, 3, 7, 428_571_428_571],
  ])('%d × %d/%d = %d', (amountMinor, numerator, denominator, expected) => {
    expect(multiplyMoney(rub(amountMinor), numerator, denominator)).toEqual(rub(expected));
  });

  it('refuses a float factor', () => {
    expect(() => multiplyMoney(rub(100), 1.15)).toThrow(RangeError);
  });
});

describe('parseAmountMinor', () => {
  it.each<[string, number | undefined]>([
    ['12.50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    [' 7 ', 700],
    ['0.01', 1],
    ['0,10', 10],
    ['-3.1', -310],
    ['1 234,50', 123450],
    [`1${nbsp}234${nbsp}567,89`, 123456789],
    ['1.005', undefined], // never rounds what was typed
    ['12.', undefined],
    ['.5', undefined],
    ['1,234.50', undefined],
    ['12 5', undefined],
    ['1e3', undefined],
    ['abc', undefined],
    ['', undefined],
    ['99999999999999999', undefined], // beyond a safe integer of minor units
  ])('%j -> %s', (text, expected) => {
    expect(parseAmountMinor(text, 'rub')).toBe(expected);
  });

  it('is exact where floats are not', () => {
    expect(Math.round(Number('1.005') * 100)).toBe(100); // the bug we avoid
    expect(parseAmountMinor('1.01', 'rub')).toBe(101);
    expect(parseAmountMinor('4.35', 'usd')).toBe(435); // 4.35 * 100 = 434.99999…
  });

  it('parseMoney pairs the amount with its currency', () => {
    expect(parseMoney('12,5', 'kzt')).toEqual(money(1250, 'kzt'));
    expect(parseMoney('x', 'kzt')).toBeUndefined();
  });
});

describe('amountText', () => {
  it.each([
    [1250, '12.50'],
    [5, '0.05'],
    [0, '0.00'],
    [-1205, '-12.05'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
  ])('%d -> %s', (amountMinor, expected) => {
    expect(amountText(rub(amountMinor))).toBe(expected);
  });

  it.each([1, 99, 123456, -42])('round-trips %d through parseAmountMinor', (amountMinor) => {
    expect(parseAmountMinor(amountText(rub(amountMinor)), 'rub')).toBe(amountMinor);
  });
});

describe('formatMoney', () => {
  it.each<[number, Currency, Language, string]>([
    [123450, 'rub', 'ru', `1${nbsp}234,50${nbsp}₽`],
    [123450, 'rub', 'en', `RUB${nbsp}1,234.50`],
    [1999, 'usd', 'en', '$19.99'],
    [1999, 'usd', 'ru', `19,99${nbsp}$`],
    [50, 'eur', 'ru', `0,50${nbsp}€`],
    [100000, 'kzt', 'kz', `1${nbsp}000,00${nbsp}₸`],
    [-505, 'rub', 'ru', `-5,05${nbsp}₽`],
    [Number.MAX_SAFE_INTEGER, 'usd', 'en', '$90,071,992,547,409.91'],
  ])('%d %s in %s -> %s', (amountMinor, currency, language, expected) => {
    expect(formatMoney(money(amountMinor, currency), language)).toBe(expected);
  });
});
