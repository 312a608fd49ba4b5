import { describe, expect, it } from 'vitest';
import {
  currencies,
  currencyFromIso,
  currencyInfo,
  isCurrency,
  isoCode,
  minorDigits,
  minorPerMajor,
} from './currency';

describe('currencies (SPEC §3)', () => {
  it('are the nine of the spec', () => {
    expect(currencies).toEqual(['rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs']);
  });

  it.each(currencies.map((currency) => [currency]))(
    '%s: minor digits agree with Intl (ISO 4217)',
    (currency) => {
      const intlDigits = new Intl.NumberFormat('en', {
        style: 'currency',
        currency: isoCode(currency),
      }).resolvedOptions().maximumFractionDigits;
      expect(minorDigits(currency)).toBe(intlDigits);
      expect(minorDigits(currency)).toBe(2);
      expect(minorPerMajor(currency)).toBe(100);
      expect(currencyInfo[currency].isoCode).toBe(currency.toUpperCase());
    },
  );

  it.each([
    ['RUB', 'rub'],
    ['uzs', 'uzs'],
    ['Kzt', 'kzt'],
    ['GBP', undefined],
    ['', undefined],
  ])('currencyFromIso(%j) is %s', (code, expected) => {
    expect(currencyFromIso(code)).toBe(expected);
  });

  it.each([
    ['eur', true],
    ['EUR', false],
    ['jod', false],
    [null, false],
  ])('isCurrency(%j) is %s', (value, expected) => {
    expect(isCurrency(value)).toBe(expected);
  });
});
