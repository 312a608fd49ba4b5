import { toBcp47 } from '@/lib/i18n';

const steps: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "5 minutes ago", "yesterday" in the reader's language, in the largest fitting unit. */
export function relativeTime(at: Date, now: Date, language: string): string {
  let value = (at.getTime() - now.getTime()) / 1000;
  const format = new Intl.RelativeTimeFormat(toBcp47(language), { numeric: 'auto' });
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}
