// SPEC §2 loyalty_cards, §3 Loyalty card (Id, number, company): partner programmes, the card
// numbers each issues, and what a card gives on a session at the brand's own stations.

export const loyaltyCheckDigits = ['none', 'luhn', 'ean13'] as const;
export type LoyaltyCheckDigit = (typeof loyaltyCheckDigits)[number];

export const loyaltyBarcodes = ['code128', 'ean13'] as const;
export type LoyaltyBarcode = (typeof loyaltyBarcodes)[number];

export type LoyaltyFormat = {
  /** Digits in a number. */
  length: number;
  /** What every number the company issues starts with ('' for none). */
  prefix: string;
  checkDigit: LoyaltyCheckDigit;
};

export type LoyaltyBenefit =
  | { kind: 'discount'; percent: number }
  | { kind: 'points'; pointsPerKwh: number };

export const LOYALTY_CARD_NAME_MAX = 40;

/** The number as typed, without spaces and dashes. */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** ISO/IEC 7812-1 Annex B (Luhn): the last digit checks the others. */
export function hasLuhnCheck(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 1 && sum % 10 === 0;
}

/** GS1 General Specifications 7.9.1: the EAN-13 check digit (weights 1 and 3). */
export function hasEan13Check(digits: string): boolean {
  if (digits.length !== 13) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

/** Whether `number` (normalized) is one the company could have issued. */
export function fitsLoyaltyFormat(number: string, format: LoyaltyFormat): boolean {
  if (!/^[0-9]+$/.test(number)) return false;
  if (number.length !== format.length || !number.startsWith(format.prefix)) return false;
  if (format.checkDigit === 'luhn') return hasLuhnCheck(number);
  if (format.checkDigit === 'ean13') return hasEan13Check(number);
  return true;
}

/**
 * The discount a card gives on a session's energy cost, in minor units, rounded down so the
 * driver never pays less than the programme promises to cover (SPEC §7 Loyalty).
 */
export function loyaltyDiscountMinor(energyCostMinor: number, benefit: LoyaltyBenefit): number {
  if (benefit.kind !== 'discount' || energyCostMinor <= 0) return 0;
  return Math.floor((energyCostMinor * benefit.percent) / 100);
}

/** Points a session earns: whole points for the energy delivered. */
export function loyaltyPoints(energyWh: number, benefit: LoyaltyBenefit): number {
  if (benefit.kind !== 'points' || energyWh <= 0) return 0;
  return Math.floor((energyWh / 1000) * benefit.pointsPerKwh);
}
