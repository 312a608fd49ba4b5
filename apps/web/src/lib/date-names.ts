import i18n from 'i18next';

// Weekday and month names where the browser's Intl has none for the reader's language
// (DESIGN.md: Web app, every visible string in the reader's language). Debian's Chromium,
// for one, knows no Kyrgyz or Tajik at all and prints Kazakh, Azerbaijani and Uzbek dates
// with CLDR's root data ("2026 M11 25", "Wed"). The names are CLDR's, in locales/<lang>/common.json.

type DateNames = {
  weekdays: string[]; weekdaysShort: string[];
  months: string[]; monthsGenitive: string[]; monthsShort: string[];
  long: string; medium: string; monthYear: string; dayMonth: string; dateTime: string; weekdayTime: string;
};

const probe = new Date(Date.UTC(2024, 0, 1, 12));
const names = (tag: string) =>
  new Intl.DateTimeFormat(tag, { weekday: 'long', month: 'long', timeZone: 'UTC' }).format(probe);

/**
 * Whether Intl has calendar names of its own for a BCP 47 tag: it must take the tag, not fall
 * back to another language, and not answer with the root names ("M01", English weekdays).
 */
export function intlHasDateNames(tag: string): boolean {
  try {
    if (Intl.DateTimeFormat.supportedLocalesOf([tag]).length === 0) return false;
    const resolved = new Intl.DateTimeFormat(tag).resolvedOptions().locale;
    if (resolved.split('-')[0] !== tag.split('-')[0]) return false;
    const own = names(tag);
    return !/\bM0?1\b/.test(own) && (tag.startsWith('en') || own !== names('en'));
  } catch {
    return false;
  }
}

let check = intlHasDateNames;
const known = new Map<string, boolean>();

/** Tests force the fallback (Node's full ICU has every language). */
export function setDateNamesCheck(next: (tag: string) => boolean): void {
  check = next;
  known.clear();
}

export function intlKnows(tag: string): boolean {
  let result = known.get(tag);
  if (result === undefined) {
    result = check(tag);
    known.set(tag, result);
  }
  return result;
}

function dateNames(language: string): DateNames | undefined {
  return i18n.getResource(language, 'common', 'dates') as DateNames | undefined;
}

const fill = (pattern: string, values: Record<string, string>) =>
  pattern.replace(/{{(\w+)}}/g, (_, key: string) => values[key] ?? '');

const pad = (n: number) => String(n).padStart(2, '0');

/** "Monday" or "Mon" from the locale file; `day` 0 is Monday. */
export function ownWeekdayName(language: string, day: number, width: 'long' | 'short'): string | undefined {
  const own = dateNames(language);
  return own?.[width === 'long' ? 'weekdays' : 'weekdaysShort'][day];
}

/**
 * The date in the reader's language from the locale file's names and patterns, in the time zone
 * of `options` (the device's by default); undefined when the file is not loaded.
 */
export function ownDate(date: Date, language: string, options: Intl.DateTimeFormatOptions): string | undefined {
  const own = dateNames(language);
  if (!own) return undefined;
  const parts: Record<string, number> = {};
  for (const part of new Intl.DateTimeFormat('en-US', {
    timeZone: options.timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23',
  }).formatToParts(date)) parts[part.type] = Number(part.value);
  const { year = 0, month = 1, day = 1, hour = 0, minute = 0 } = parts;
  const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
  const time = `${pad(hour % 24)}:${pad(minute)}`;
  const { dateStyle, timeStyle } = options;
  const withDay = (pattern: string, short: boolean) =>
    fill(pattern, { day: String(day), year: String(year), month: (short ? own.monthsShort : own.monthsGenitive)[month - 1]! });
  let text = '';
  if (dateStyle) text = withDay(dateStyle === 'full' || dateStyle === 'long' ? own.long : own.medium, dateStyle !== 'full' && dateStyle !== 'long');
  else if (options.day && options.month && options.year) text = withDay(options.month === 'long' ? own.long : own.medium, options.month !== 'long');
  else if (options.day && options.month) text = fill(own.dayMonth, { day: String(day), month: (options.month === 'long' ? own.monthsGenitive : own.monthsShort)[month - 1]! });
  else if (options.month && options.year) text = fill(own.monthYear, { year: String(year), month: own.months[month - 1]! });
  else if (options.month) text = own.months[month - 1]!;
  if (options.weekday) {
    const name = own[options.weekday === 'long' ? 'weekdays' : 'weekdaysShort'][weekday]!;
    text = text ? `${name}, ${text}` : name;
  }
  const hasTime = Boolean(timeStyle || options.hour);
  if (!hasTime) return text || String(day);
  if (!text) return time;
  return fill(options.weekday && !dateStyle && !options.month ? own.weekdayTime : own.dateTime, { date: text, time, weekday: text });
}
