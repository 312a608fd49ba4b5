import { minorPerMajor, type Currency } from './currency';
import { errorCatalogue, type ErrorCode } from './errors';

// Money through the acquirer: top-up limits, the card hold of a session, and the
// ACQ codes of SPEC §8.

/**
 * The most one top-up may bring, in major units: what the acquirer lets a card pay at once.
 * Shown beside the amount with SPEC §9's note that the final result may differ by 10-15 %.
 */
export const maxTopUpMajor = {
  rub: 50_000,
  eur: 500,
  kzt: 250_000,
  usd: 500,
  byn: 1_500,
  azn: 900,
  kgs: 45_000,
  tjs: 5_500,
  uzs: 6_500_000,
} as const satisfies Record<Currency, number>;

export function maxTopUpMinor(currency: Currency): number {
  return maxTopUpMajor[currency] * minorPerMajor(currency);
}

/** SPEC §9 "Top-up accuracy note: 10-15%": the range the note names. */
export const topUpAccuracyPercent = { from: 10, to: 15 } as const;

/**
 * Held on the default card when a session starts without enough balance: the session is
 * stopped before its cost passes it, and the capture at the end takes the cost from it.
 */
export const cardHoldMajor = {
  rub: 1_000,
  eur: 15,
  kzt: 7_000,
  usd: 15,
  byn: 45,
  azn: 25,
  kgs: 1_300,
  tjs: 160,
  uzs: 190_000,
} as const satisfies Record<Currency, number>;

export function cardHoldMinor(currency: Currency): number {
  return cardHoldMajor[currency] * minorPerMajor(currency);
}

/**
 * How close to its funds cap a session may run before the server stops it: the readings
 * come every few tens of seconds, so it stops a little before the cap, not after it.
 */
export function fundsStopMarginMinor(capMinor: number, currency: Currency): number {
  return Math.max(Math.ceil(capMinor / 50), minorPerMajor(currency));
}

export const acquirerErrorCodes = Array.from(
  { length: 23 },
  (_, index) => `ACQ${index + 1}` as ErrorCode,
).filter((code) => code in errorCatalogue);

export function isAcquirerCode(code: string): code is ErrorCode {
  return /^ACQ([1-9]|1\d|2[0-3])$/.test(code);
}

export const cardStatuses = ['linked', 'processing', 'blocked'] as const;
export type CardStatus = (typeof cardStatuses)[number];

/** Luhn's check digit test, as every card number passes it. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
