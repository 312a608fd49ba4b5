import { describe, expect, it } from 'vitest';
import {
  isLanguage,
  languageFromLocaleParam,
  languages,
  localeOf,
  type Language,
} from './constants';

describe('localeOf', () => {
  it.each<[Language, string]>([
    ['ru', 'ru'],
    ['en', 'en'],
    ['kz', 'kk'], // our code for Kazakh is not its BCP-47 tag
    ['es', 'es'],
    ['az', 'az'],
    ['ky', 'ky'],
    ['tg', 'tg'],
    ['uz', 'uz'],
  ])('%s -> %s', (language, locale) => {
    expect(localeOf(language)).toBe(locale);
  });

  it.each(languages.map((language) => [language]))('Intl knows the locale of %s', (language) => {
    expect(Intl.NumberFormat.supportedLocalesOf([localeOf(language)])).toEqual([
      localeOf(language),
    ]);
  });

  it.each([
    ['kz', true],
    ['kk', false],
    ['RU', false],
  ])('isLanguage(%j) is %s', (value, expected) => {
    expect(isLanguage(value)).toBe(expected);
  });
});

describe('languageFromLocaleParam (SPEC §4 query parameter locale)', () => {
  it.each([
    ['?locale=en', 'en'],
    ['?locale=en-GB', 'en'],
    ['?x=1&locale=KZ', 'kz'],
    ['?locale=fr', null],
    ['?locale=', null],
    ['', null],
  ])('%j -> %j', (search, language) => {
    expect(languageFromLocaleParam(search)).toBe(language);
  });
});
