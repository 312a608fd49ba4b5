import type { TFunction } from 'i18next';
import { daysOfWeek, type DayOfWeek, type TariffSummary } from '@evcharge/domain/roaming-tariff';
import { formatDate, formatNumber, formatWallTime } from '@/lib/format';

// When a partner's tariff element applies (OCPI 2.2.1 §11.4.6 TariffRestrictions), in words:
// "Mon–Fri", "22:00–06:00", "above 50 kW", "after 2 h". Times and dates are the station's own.

type Restrictions = NonNullable<TariffSummary['elements'][number]['restrictions']>;
type Bounds = { min: number | null; max: number | null };

/** Short week-day name in the reader's language (1 January 2024 was a Monday). */
function dayName(day: DayOfWeek, language: string): string {
  const date = new Date(Date.UTC(2024, 0, 1 + daysOfWeek.indexOf(day)));
  return formatDate(date, language, { weekday: 'short', timeZone: 'UTC' });
}

/** Runs of three or more days joined with a dash ("Mon–Fri"), the rest listed ("Sat, Sun"). */
export function daysText(days: readonly DayOfWeek[], language: string): string {
  const indexes = days.map((day) => daysOfWeek.indexOf(day)).sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const index of indexes) {
    const run = runs.at(-1);
    if (run && run.at(-1) === index - 1) run.push(index);
    else runs.push([index]);
  }
  const name = (index: number) => dayName(daysOfWeek[index]!, language);
  return runs
    .flatMap((run) => (run.length >= 3 ? [`${name(run[0]!)}–${name(run.at(-1)!)}`] : run.map(name)))
    .join(', ');
}

/** "2 h", "30 min", "1 h 30 min". */
function durationWords(t: TFunction, seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('station:roaming.units.minutes', { minutes: rest });
  if (rest === 0) return t('station:roaming.units.hours', { hours });
  return t('station:roaming.units.hoursMinutes', { hours, minutes: rest });
}

function boundsText(t: TFunction, key: string, bounds: Bounds | null, value: (x: number) => string): string | null {
  if (!bounds) return null;
  const { min, max } = bounds;
  if (min !== null && max !== null) return t(`station:roaming.when.${key}Between`, { min: value(min), max: value(max) });
  if (min !== null) return t(`station:roaming.when.${key}Min`, { value: value(min) });
  if (max !== null) return t(`station:roaming.when.${key}Max`, { value: value(max) });
  return null;
}

/** Each condition of an element in words, in a fixed order; empty when it always applies. */
export function restrictionWords(t: TFunction, restrictions: Restrictions | null, language: string): string[] {
  if (!restrictions) return [];
  const r = restrictions;
  const number = (x: number) => formatNumber(x, language, { maximumFractionDigits: 2 });
  const date = (iso: string) => formatDate(`${iso}T12:00:00Z`, language, { dateStyle: 'medium', timeZone: 'UTC' });
  const words: (string | null)[] = [
    r.reservation ? t(`station:roaming.when.${r.reservation === 'RESERVATION' ? 'reservation' : 'reservationExpires'}`) : null,
    r.daysOfWeek ? daysText(r.daysOfWeek, language) : null,
    r.timeOfDay ? windowText(t, r.timeOfDay, (x) => formatWallTime(x, language), 'time') : null,
    r.dates ? windowText(t, r.dates, date, 'date') : null,
    boundsText(t, 'power', r.powerKw, (x) => t('station:roaming.units.kw', { value: number(x) })),
    boundsText(t, 'current', r.currentA, (x) => t('station:roaming.units.ampere', { value: number(x) })),
    boundsText(t, 'energy', r.energyKwh, (x) => t('station:roaming.units.kwh', { value: number(x) })),
    boundsText(t, 'duration', r.durationSeconds, (x) => durationWords(t, x)),
  ];
  return words.filter((word): word is string => word !== null);
}

function windowText(
  t: TFunction,
  window: { from: string | null; until: string | null },
  show: (value: string) => string,
  kind: 'time' | 'date',
): string | null {
  const { from, until } = window;
  if (from !== null && until !== null) return kind === 'time' ? `${show(from)}–${show(until)}` : t('station:roaming.when.dateBetween', { from: show(from), until: show(until) });
  if (from !== null) return t(`station:roaming.when.${kind}From`, { value: show(from) });
  if (until !== null) return t(`station:roaming.when.${kind}Until`, { value: show(until) });
  return null;
}
