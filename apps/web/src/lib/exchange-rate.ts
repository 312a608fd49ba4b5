import { toBcp47 } from './i18n';

// SPEC §3 currencies: a station priced in another currency than the wallet that pays it. The
// brand's rate as a person reads it: "91.20 ₽/$" (roubles one dollar buys), through Intl in the
// reader's language, every decimal of the rate kept.

function currencySymbol(code: string, language: string): string {
  try {
    const parts = new Intl.NumberFormat(toBcp47(language), {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    return parts.find((part) => part.type === 'currency')?.value ?? code;
  } catch {
    return code;
  }
}

/** `rate` units of `to` for one unit of `from`: "91.20 ₽/$" in English, "91,20 ₽/$" in Russian. */
export function formatRate(rate: string, from: string, to: string, language: string): string {
  const code = to.toUpperCase();
  const decimals = rate.split('.')[1]?.length ?? 0;
  try {
    const digits =
      new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions()
        .maximumFractionDigits ?? 2;
    const amount = new Intl.NumberFormat(toBcp47(language), {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: digits,
      maximumFractionDigits: Math.max(digits, decimals),
      // Intl takes a decimal string exactly; the cast is for older lib typings.
    }).format(rate as unknown as number);
    return `${amount}/${currencySymbol(from.toUpperCase(), language)}`;
  } catch {
    return `${rate} ${code}/${from.toUpperCase()}`;
  }
}
