import type { TFunction } from 'i18next';
import { powerText } from '@/components/station/power-text';
import { formatNumber } from '@/lib/format';
import { toBcp47 } from '@/lib/i18n';

// A session's figures as drivers read them, in their language's number style.

/** 12 340 Wh → "12.3 kWh" (two decimals below 10 kWh, where a tenth is a lot). */
export function energyText(t: TFunction, energyWh: number, language: string): string {
  const kwh = energyWh / 1000;
  const digits = kwh < 10 ? 2 : 1;
  return t('charging:units.kwh', { value: formatNumber(kwh, language, { minimumFractionDigits: digits, maximumFractionDigits: digits }) });
}

/** 48 200 W → "48.2 kW", 150 000 W → "150 kW": the one power format (components/station/power-text). */
export function powerKwText(t: TFunction, powerW: number, language: string): string {
  return powerText(t, powerW / 1000, language);
}

/** A running clock: "1:02:05", "12:40". The same in every language. */
export function clockText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}

/** A length of time in words: "1 h 05 min", "25 min", "less than a minute". */
export function durationText(t: TFunction, totalSeconds: number): string {
  const minutes = Math.round(Math.max(0, totalSeconds) / 60);
  if (minutes === 0) return t('charging:units.underMinute');
  if (minutes < 60) return t('charging:units.minutes', { minutes });
  return t('charging:units.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') });
}

export function percentText(percent: number, language: string): string {
  return formatNumber(percent / 100, language, { style: 'percent', maximumFractionDigits: 0 });
}

/** "₽", "$", "₸": the sign drivers see beside a money field (the code where there is none). */
export function currencySymbol(currency: string, language: string): string {
  try {
    const parts = new Intl.NumberFormat(toBcp47(language), { style: 'currency', currency: currency.toUpperCase(), currencyDisplay: 'narrowSymbol' }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency.toUpperCase();
  } catch {
    return currency.toUpperCase();
  }
}
