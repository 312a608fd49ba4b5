import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { openingTime } from '@/components/station/station-state';
import { weekDayName } from '@/features/station/model/schedule';
import { intlHasDateNames, setDateNamesCheck } from './date-names';
import { formatDate, formatWallTime } from './format';
import { initI18n, toBcp47 } from './i18n';

// Node has full ICU; the fallback is forced here as a browser without a language's data
// (Debian's Chromium: no ky or tg, root names for kk, az, uz) takes it.
const at = new Date(Date.UTC(2026, 10, 25, 0, 16)); // a Wednesday
const utc = { timeZone: 'UTC' } as const;

const expected: Record<string, { dateTime: string; monthYear: string; monday: string; dayMonth: string }> = {
  ru: { dateTime: '25 ноября 2026 г., 00:16', monthYear: 'ноябрь 2026 г.', monday: 'понедельник', dayMonth: '25 ноября' },
  en: { dateTime: 'November 25, 2026 at 00:16', monthYear: 'November 2026', monday: 'Monday', dayMonth: 'November 25' },
  kz: { dateTime: '2026 ж. 25 қараша, 00:16', monthYear: '2026 ж. қараша', monday: 'дүйсенбі', dayMonth: '25 қараша' },
  es: { dateTime: '25 de noviembre de 2026, 00:16', monthYear: 'noviembre de 2026', monday: 'lunes', dayMonth: '25 de noviembre' },
  az: { dateTime: '25 noyabr 2026, 00:16', monthYear: 'Noyabr 2026', monday: 'bazar ertəsi', dayMonth: '25 noyabr' },
  ky: { dateTime: '2026-ж., 25-ноябрь, 00:16', monthYear: '2026-ж., Ноябрь', monday: 'дүйшөмбү', dayMonth: '25-ноябрь' },
  tg: { dateTime: '25 Ноябр 2026, 00:16', monthYear: 'Ноябр 2026', monday: 'Душанбе', dayMonth: '25 Ноябр' },
  uz: { dateTime: '25-noyabr, 2026, 00:16', monthYear: 'Noyabr, 2026', monday: 'dushanba', dayMonth: '25-noyabr' },
};

const englishNames = /\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun|November|Nov|AM|PM)\b|M11/;

describe('date names where Intl has none', () => {
  beforeAll(() => setDateNamesCheck(() => false));
  afterAll(() => setDateNamesCheck(intlHasDateNames));

  it.each([...languages])('%s: dates, months and week days come from the locale file', async (language) => {
    await initI18n(language);
    const want = expected[language]!;
    expect(formatDate(at, language, { dateStyle: 'long', timeStyle: 'short', ...utc })).toBe(want.dateTime);
    expect(formatDate(at, language, { month: 'long', year: 'numeric', ...utc })).toBe(want.monthYear);
    expect(formatDate(at, language, { day: 'numeric', month: 'long', ...utc })).toBe(want.dayMonth);
    expect(weekDayName('mo', language)).toBe(want.monday);
    expect(formatWallTime('09:05', language)).toBe('09:05');
  });

  it.each(languages.filter((language) => language !== 'en'))('%s: no English or root names on any date screen', async (language) => {
    await initI18n(language);
    const texts = [
      formatDate(at, language, { dateStyle: 'medium', timeStyle: 'short', ...utc }),
      formatDate(at, language, { weekday: 'short', hour: 'numeric', minute: '2-digit', ...utc }),
      formatDate(at, language, { day: 'numeric', month: 'short', ...utc }),
      formatDate(at, language, { timeStyle: 'short', ...utc }),
      formatDate(at, language),
      weekDayName('we', language, 'short'),
      openingTime({ day: 'we', time: '08:00' }, 0, language, new Date(Date.UTC(2026, 10, 24, 12))),
    ];
    expect(texts.filter((text) => englishNames.test(text))).toEqual([]);
  });
});

describe('intlHasDateNames', () => {
  it.each([...languages])('%s: Node’s full ICU has the names', (language) => {
    expect(intlHasDateNames(toBcp47(language))).toBe(true);
  });

  it('a language Intl does not know takes the locale file', () => {
    expect(intlHasDateNames('xx')).toBe(false);
  });
});
