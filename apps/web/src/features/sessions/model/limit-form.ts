import { limitValueFromTyped } from '@evcharge/domain/charging';
import { minorDigits, minorPerMajor, type Currency } from '@evcharge/domain/currency';
import { rule, type LimitMode, type Rule } from '@evcharge/domain/validation';

// SPEC §4 limit modes and §5 "Limit value must be set when a limit type is chosen": what the
// driver typed on the precharging screen (money in major units, minutes, kWh), checked and
// turned into the API's whole units (packages/domain/charging.ts `limitUnits`).

export const valueModes = ['cost', 'time', 'energy'] as const;
export type ValueMode = (typeof valueModes)[number];

export function needsValue(mode: LimitMode): mode is ValueMode {
  return (valueModes as readonly string[]).includes(mode);
}

/** The largest value the API takes (chargeLimitBodySchema). */
const MAX_VALUE = 100_000_000;

/** Money has the currency's decimals; energy is metered in Wh, so kWh has three. */
function maxDecimals(mode: ValueMode, currency: Currency): number {
  if (mode === 'cost') return minorDigits(currency);
  if (mode === 'energy') return 3;
  return Number.POSITIVE_INFINITY;
}

export type LimitDraft = { mode: LimitMode; text: string };
export type ApiLimit = { mode: LimitMode; value: number | null };
export type LimitCheck = { isValid: true; limit: ApiLimit } | { isValid: false; rule: Rule };

/**
 * The limit to send, or the `validation:` rule the driver broke. Spaces between digit groups
 * ("1 000") and a decimal comma are fine; money is never rounded (more decimals than the
 * currency has is an error), minutes are rounded to whole ones.
 */
export function checkLimit(draft: LimitDraft, currency: Currency): LimitCheck {
  const { mode } = draft;
  if (!needsValue(mode)) return { isValid: true, limit: { mode, value: null } };
  const text = draft.text.trim().replace(/[\s\u00a0\u202f]/g, '');
  if (!text) return { isValid: false, rule: rule.limitValueRequired };
  const match = /^(\d+)(?:[.,](\d+))?$/.exec(text);
  if (!match) return { isValid: false, rule: rule.number };
  if ((match[2]?.length ?? 0) > maxDecimals(mode, currency)) {
    return { isValid: false, rule: mode === 'cost' ? rule.amount : rule.invalid };
  }
  const value = limitValueFromTyped(mode, Number(text.replace(',', '.')), currency);
  if (value === undefined || value <= 0) return { isValid: false, rule: rule.amount };
  if (value > MAX_VALUE) return { isValid: false, rule: rule.invalid };
  return { isValid: true, limit: { mode, value } };
}

/** A limit the API holds, as the driver would type it (the field's text when coming back). */
export function typedFromLimitValue(mode: ValueMode, value: number, currency: Currency): string {
  if (mode === 'cost') {
    const perMajor = minorPerMajor(currency);
    const whole = Math.trunc(value / perMajor);
    const rest = value % perMajor;
    return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(minorDigits(currency), '0')}`;
  }
  if (mode === 'energy') return String(value / 1000);
  return String(value);
}

/** Quick picks beside the field, in the units the driver types. */
export function quickPicks(mode: ValueMode, currency: Currency): readonly number[] {
  if (mode === 'time') return [30, 60, 120];
  if (mode === 'energy') return [10, 20, 40];
  // About the price of a short, a medium and a long charge in each currency.
  const picks: Record<Currency, readonly number[]> = {
    rub: [300, 500, 1000],
    eur: [5, 10, 20],
    usd: [5, 10, 20],
    kzt: [2000, 5000, 10000],
    byn: [10, 20, 50],
    azn: [5, 10, 20],
    kgs: [300, 500, 1000],
    tjs: [30, 50, 100],
    uzs: [50000, 100000, 200000],
  };
  return picks[currency];
}
