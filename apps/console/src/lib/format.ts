import type { TFunction } from 'i18next';
import { currencyFromIso } from '@evcharge/domain/currency';
import { isLanguage, DEFAULT_LANGUAGE } from '@evcharge/domain/constants';
import { formatMoney } from '@evcharge/domain/money';
import { SUPPORT_ANSWER_MINUTES } from '@evcharge/domain/support';
import { ApiError } from './api';
import { toBcp47 } from './i18n';

/** Money in minor units as the reader's language writes it (never a float: domain/money). */
export function moneyText(amountMinor: number, currency: string, language: string): string {
  const lang = isLanguage(language) ? language : DEFAULT_LANGUAGE;
  const known = currencyFromIso(currency);
  if (!known) return `${amountMinor} ${currency}`;
  return formatMoney({ amountMinor, currency: known }, lang);
}

/** Energy in kWh with two decimals, in the reader's number format ("0,63 кВт·ч", "0.63 kWh"). */
export function energyText(t: TFunction, energyWh: number, language: string): string {
  const kwh = new Intl.NumberFormat(toBcp47(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return t('units.kwh', { value: kwh.format(energyWh / 1000) });
}

/** Whole minutes from `since` to `now`. */
export function minutesSince(since: string, now: number): number {
  return Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
}

/** SPEC §1: support answers within 30 minutes; a driver waiting longer is late. */
export function isLate(minutes: number): boolean {
  return minutes >= SUPPORT_ANSWER_MINUTES;
}

export function durationText(t: TFunction, minutes: number): string {
  if (minutes < 60) return t('units.minutes', { minutes });
  return t('units.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export function timeText(iso: string, language: string): string {
  return new Date(iso).toLocaleTimeString(toBcp47(language), {
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function dateTimeText(iso: string, language: string): string {
  return new Date(iso).toLocaleString(toBcp47(language), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function bytesText(t: TFunction, bytes: number): string {
  return t('units.kb', { value: Math.max(1, Math.round(bytes / 1024)) });
}

/** The translated text of any failure a request can throw (codes from domain/errors). */
export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors.UNKNOWN');
  const parts = [t(`errors.${error.code}`, { defaultValue: t('errors.UNKNOWN') })];
  const { triesLeft, retryAfterSeconds } = error.details;
  if (error.code === 'INVALID_CREDENTIALS' && triesLeft !== undefined) {
    parts.push(t('errors.triesLeft', { tries: Number(triesLeft) }));
  }
  if (error.code === 'TOO_MANY_REQUESTS' && retryAfterSeconds !== undefined) {
    parts.push(t('errors.retryAfter', { seconds: Math.ceil(Number(retryAfterSeconds)) }));
  }
  return parts.join(' ');
}

/** Why a session ended, in words (the driver app's texts); an unknown code as it came. */
export function stopReasonText(
  t: (key: string, options?: { defaultValue: string }) => string,
  reason: string,
): string {
  return t(`stopReason.${reason}`, { defaultValue: reason });
}
