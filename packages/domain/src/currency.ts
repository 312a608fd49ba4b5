import { z } from 'zod';

// SPEC §3 / DESIGN.md Data: the currencies we take, lower-case in the API and the database.
export const currencies = ['rub', 'eur', 'kzt', 'usd', 'byn', 'azn', 'kgs', 'tjs', 'uzs'] as const;
export type Currency = (typeof currencies)[number];
export const currencySchema = z.enum(currencies);

// ISO 4217 minor units. All nine have 2 today (UZS and KZT included, though their coins are
// rarely used); checked against Intl's maximumFractionDigits in currency.test.ts so an ICU
// update that disagrees fails a test instead of silently shifting amounts.
export const currencyInfo = {
  rub: { isoCode: 'RUB', minorDigits: 2 },
  eur: { isoCode: 'EUR', minorDigits: 2 },
  kzt: { isoCode: 'KZT', minorDigits: 2 },
  usd: { isoCode: 'USD', minorDigits: 2 },
  byn: { isoCode: 'BYN', minorDigits: 2 },
  azn: { isoCode: 'AZN', minorDigits: 2 },
  kgs: { isoCode: 'KGS', minorDigits: 2 },
  tjs: { isoCode: 'TJS', minorDigits: 2 },
  uzs: { isoCode: 'UZS', minorDigits: 2 },
} as const satisfies Record<Currency, { isoCode: Uppercase<Currency>; minorDigits: number }>;

export type IsoCurrencyCode = (typeof currencyInfo)[Currency]['isoCode'];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (currencies as readonly string[]).includes(value);
}

/** Our currency for an ISO code in any case ('RUB', 'rub'), or undefined. */
export function currencyFromIso(code: string): Currency | undefined {
  const lower = code.toLowerCase();
  return isCurrency(lower) ? lower : undefined;
}

export function isoCode(currency: Currency): IsoCurrencyCode {
  return currencyInfo[currency].isoCode;
}

export function minorDigits(currency: Currency): number {
  return currencyInfo[currency].minorDigits;
}

/** Minor units in one major unit: 100 for kopecks in a rouble. */
export function minorPerMajor(currency: Currency): number {
  return 10 ** minorDigits(currency);
}
