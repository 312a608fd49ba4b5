import { localeTexts, type LocaleTexts } from '../../locales/texts';

// The sandbox card page's words, in the app's eight languages (it plays the bank's page, which
// the driver reads in the middle of a payment), from the `bank-page` locale files. `{{code}}`
// and `{{tries}}` are filled in.

export const pageLanguages = ['ru', 'en', 'kz', 'es', 'az', 'ky', 'tg', 'uz'] as const;
export type PageLanguage = (typeof pageLanguages)[number];

export const pageTexts: Record<PageLanguage, LocaleTexts['bank-page']> = Object.fromEntries(
  pageLanguages.map((language) => [language, localeTexts(language, 'bank-page')]),
) as Record<PageLanguage, LocaleTexts['bank-page']>;

export function pageLanguageOf(query: unknown, acceptLanguage: string | undefined): PageLanguage {
  const asked = typeof query === 'string' ? query.slice(0, 2).toLowerCase() : undefined;
  const isPage = (value: string | undefined): value is PageLanguage =>
    (pageLanguages as readonly string[]).includes(value ?? '');
  if (isPage(asked)) return asked;
  const header = acceptLanguage?.slice(0, 2).toLowerCase();
  if (header === 'kk') return 'kz';
  return isPage(header) ? header : 'en';
}
