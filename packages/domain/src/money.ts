import { z } from 'zod';
import { localeOf, type Language } from './constants';
import { currencies, isoCode, minorDigits, type Currency } from './currency';

// DESIGN.md Data: money is an integer of minor units with its currency, never a float.
export type Money = { amountMinor: number; currency: Currency };

export const moneySchema = z.object({
  amountMinor: z.number().int().refine(Number.isSafeInteger),
  currency: z.enum(currencies),
});

export class CurrencyMismatchError extends Error {
  constructor(left: Currency, right: Currency) {
    super(`Cannot combine ${left} with ${right}`);
    this.name = 'CurrencyMismatchError';
  }
}

function assertMinor(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`amountMinor must be a safe integer, got ${amountMinor}`);
  }
}

export function money(amountMinor: number, currency: Currency): Money {
  assertMinor(amountMinor);
  return { amountMinor, currency };
}

export function zeroMoney(currency: Currency): Money {
  return { amountMinor: 0, currency };
}

function sameCurrency(a: Money, b: Money): Currency {
  if (a.currency !== b.currency) throw new CurrencyMismatchError(a.currency, b.currency);
  return a.currency;
}

export function addMoney(a: Money, b: Money): Money {
  return money(a.amountMinor + b.amountMinor, sameCurrency(a, b));
}

export function subtractMoney(a: Money, b: Money): Money {
  return money(a.amountMinor - b.amountMinor, sameCurrency(a, b));
}

/** The sum of amounts that must all be in `currency` (an empty list is zero). */
export function sumMoney(items: readonly Money[], currency: Currency): Money {
  return items.reduce(addMoney, zeroMoney(currency));
}

/**
 * numerator / denominator rounded half away from zero, on integers only. For the positive
 * amounts of tariffs this is plain half-up; for negatives (refunds) it mirrors them, so a
 * refund of a charge is the charge negated.
 */
export function divideRoundHalfUp(
  numerator: bigint | number,
  denominator: bigint | number,
): bigint {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  if (d === 0n) throw new RangeError('Division by zero');
  const negative = n < 0n !== d < 0n;
  const absN = n < 0n ? -n : n;
  const absD = d < 0n ? -d : d;
  const rounded = (absN * 2n + absD) / (absD * 2n);
  return negative ? -rounded : rounded;
}

/** amountMinor × numerator / denominator, rounded once, half-up (integer factors only). */
export function multiplyMoney(value: Money, numerator: number, denominator = 1): Money {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError('multiplyMoney takes an integer ratio, e.g. 115/100 for 1.15');
  }
  const product = divideRoundHalfUp(BigInt(value.amountMinor) * BigInt(numerator), denominator);
  return money(Number(product), value.currency);
}

/**
 * Typed text to minor units, exactly: "12.50", "12,5", "12", "-3.1", "1 234,50" (spaces
 * between digit groups, as Intl prints them, are allowed). More decimals than the currency
 * has, or anything else, gives undefined: we never round what a person typed.
 */
export function parseAmountMinor(text: string, currency: Currency): number | undefined {
  const digits = minorDigits(currency);
  const compact = text.trim().replace(/(\d)[ \u00a0\u202f](?=\d{3}(\D|$))/g, '$1');
  const match = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(compact);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  if (fraction.length > digits) return undefined;
  const minor = BigInt(whole + fraction.padEnd(digits, '0')) * (sign ? -1n : 1n);
  const amountMinor = Number(minor);
  return Number.isSafeInteger(amountMinor) ? amountMinor : undefined;
}

export function parseMoney(text: string, currency: Currency): Money | undefined {
  const amountMinor = parseAmountMinor(text, currency);
  return amountMinor === undefined ? undefined : { amountMinor, currency };
}

/** The exact decimal text of an amount, "-12.05", for inputs and for Intl. */
export function amountText({ amountMinor, currency }: Money): string {
  assertMinor(amountMinor);
  const digits = minorDigits(currency);
  const abs = Math.abs(amountMinor)
    .toString()
    .padStart(digits + 1, '0');
  const sign = amountMinor < 0 ? '-' : '';
  if (digits === 0) return sign + abs;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

/**
 * Money as a person reads it in their language: formatMoney(1234_50 rub, 'ru') is
 * "1 234,50 ₽" (with no-break spaces). Intl gets the exact decimal text, not a float.
 */
export function formatMoney(value: Money, language: Language): string {
  const digits = minorDigits(value.currency);
  const format = new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: isoCode(value.currency),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return format.format(amountText(value) as `${number}`);
}
