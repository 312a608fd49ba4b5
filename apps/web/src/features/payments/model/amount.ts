import { z } from 'zod';
import { isoCode, minorDigits, minorPerMajor, type Currency } from '@evcharge/domain/currency';
import { amountMinorSchema, amountTextSchema, rule } from '@evcharge/domain/validation';
import { formatMoney, minorToDecimal } from '@/lib/format';
import { toBcp47 } from '@/lib/i18n';

/** The rule of an amount above what may be paid at once; the form shows it with the maximum. */
export const overMaximum = 'overMaximum';

/**
 * "12,5" → 1250 minor units, digit by digit (no floating point on money). Null when the text
 * has more decimals than the currency has minor units.
 */
export function decimalToMinor(text: string, digits: number): number | null {
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  return Number(whole + fraction.padEnd(digits, '0'));
}

/** Minor units as the amount field shows them: "1250" → "12.50", "50000" → "500". */
export function minorToInput(minor: number, currency: Currency): string {
  const text = minorToDecimal(minor, minorDigits(currency));
  return text.replace(/\.0+$/, '');
}

/**
 * An amount typed by the driver (SPEC §5: greater than 0 and valid), in minor units, at most
 * `maxMinor` when there is a maximum. Errors are rule keys of the `validation` namespace, or
 * `overMaximum`.
 */
export function amountInputSchema(currency: Currency, maxMinor: number | null) {
  return z.string().transform((text, context) => {
    const checked = amountTextSchema.safeParse(text);
    if (!checked.success) {
      context.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? rule.amount });
      return z.NEVER;
    }
    const minor = decimalToMinor(text, minorDigits(currency));
    if (minor === null || !amountMinorSchema.safeParse(minor).success) {
      context.addIssue({ code: 'custom', message: rule.amount });
      return z.NEVER;
    }
    if (maxMinor !== null && minor > maxMinor) {
      context.addIssue({ code: 'custom', message: overMaximum });
      return z.NEVER;
    }
    return minor;
  });
}

// Round sums a driver tops up with, in major units; those above the maximum are not offered.
const quickMajor: Record<Currency, readonly number[]> = {
  rub: [500, 1_000, 2_000, 5_000],
  eur: [10, 20, 50, 100],
  usd: [10, 20, 50, 100],
  kzt: [2_000, 5_000, 10_000, 20_000],
  byn: [20, 50, 100, 200],
  azn: [10, 20, 50, 100],
  kgs: [500, 1_000, 2_000, 5_000],
  tjs: [50, 100, 200, 500],
  uzs: [50_000, 100_000, 200_000, 500_000],
};

export function quickAmountsMinor(currency: Currency, maxMinor: number): number[] {
  return quickMajor[currency]
    .map((major) => major * minorPerMajor(currency))
    .filter((minor) => minor <= maxMinor);
}

/** "500 ₽" for a round sum (the quick amounts), else the full "512,50 ₽". */
export function formatShortMoney(minor: number, currency: Currency, language: string): string {
  const perMajor = minorPerMajor(currency);
  if (minor % perMajor !== 0) return formatMoney(minor, currency, language);
  return new Intl.NumberFormat(toBcp47(language), {
    style: 'currency',
    currency: isoCode(currency),
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(minor / perMajor);
}

/** The sign the reader's language writes for the currency ("₽", "$"), for the amount field. */
export function currencySymbol(currency: Currency, language: string): string {
  const parts = new Intl.NumberFormat(toBcp47(language), {
    style: 'currency',
    currency: isoCode(currency),
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? isoCode(currency);
}
