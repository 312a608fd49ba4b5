import { useTranslation } from 'react-i18next';
import { intlKnows, ownDate } from './date-names';
import { formatNumber } from './format-number';
import { toBcp47 } from './i18n';

export { formatNumber };

// Numbers, money and dates always through Intl in the reader's language (DESIGN.md: Web app).

function fractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** Minor units to a decimal string without floating point ("12345", 2 → "123.45"). */
export function minorToDecimal(minor: number, digits: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  if (digits === 0) return sign + abs;
  return `${sign}${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
}

export function formatMoney(minor: number, currency: string, language: string): string {
  const code = currency.toUpperCase();
  try {
    // narrowSymbol: "₽" rather than "RUB" where the language has a symbol for it.
    const format = new Intl.NumberFormat(toBcp47(language), { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol' });
    // Intl accepts decimal strings exactly; the cast is for older lib typings.
    return format.format(minorToDecimal(minor, fractionDigits(code)) as unknown as number);
  } catch {
    return `${minorToDecimal(minor, 2)} ${code}`;
  }
}

/**
 * A count in little room (a map cluster): compact from a thousand on ("1,2 тыс."). Below that
 * every language of the app writes the plain number, and the first compact formatter costs a
 * phone several milliseconds.
 */
export function formatCount(count: number, language: string): string {
  return Number.isInteger(count) && count >= 0 && count < 1000 ? String(count) : formatNumber(count, language, { notation: 'compact' });
}

export function formatPercent(percent: number, language: string): string {
  return formatNumber(percent / 100, language, { style: 'percent' });
}

export function formatDate(value: string | Date, language: string, options?: Intl.DateTimeFormatOptions): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const tag = toBcp47(language);
  const chosen = options ?? { dateStyle: 'long' };
  // Intl where it has the language's names, the locale file's names where it has not.
  return (intlKnows(tag) ? undefined : ownDate(date, language, chosen)) ?? new Intl.DateTimeFormat(tag, chosen).format(date);
}

/** The formatters bound to the current interface language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    language,
    money: (minor: number, currency: string) => formatMoney(minor, currency, language),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    percent: (percent: number) => formatPercent(percent, language),
    date: (value: string | Date, options?: Intl.DateTimeFormatOptions) => formatDate(value, language, options),
  };
}

/** "09:00" (a wall-clock time) in the reader's style: "9:00" or "9:00 AM". */
export function formatWallTime(hhmm: string, language: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) return hhmm;
  // "24:00" closes a day (schedules, tariff zones); Intl would print midnight of the next one.
  if (h === 24 && m === 0) return '24:00';
  const date = new Date(Date.UTC(2000, 0, 1, h, m));
  // Without the language's data Intl answers in English ("9:00 AM"); CLDR writes HH:mm in all of them.
  if (!intlKnows(toBcp47(language))) return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  return new Intl.DateTimeFormat(toBcp47(language), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date);
}

/** 120 → "UTC+2", -210 → "UTC−3:30". */
export function formatUtcOffset(minutes: number): string {
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '−';
  const abs = Math.abs(minutes);
  const rest = abs % 60;
  return `UTC${sign}${Math.floor(abs / 60)}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}
