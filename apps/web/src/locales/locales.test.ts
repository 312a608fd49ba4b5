import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { errorCodes } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import { namespaces } from '@/lib/i18n';

// DESIGN.md: every visible string has a key in all eight languages; this fails on a gap.
const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

type Flat = Record<string, string>;

function flatten(value: unknown, prefix = '', out: Flat = {}): Flat {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

function load(language: string, namespace: string): Flat {
  return flatten(files[`./${language}/${namespace}.json`] ?? {});
}

// Proper names, codes and SI unit symbols that read the same in every language.
const sameAsEnglishAllowed = new Set([
  'evcharge', 'E-mail', 'Telegram', 'Email', '{{value}} kW', '{{value}} A',
  'kW', 'kWh', 'min', '{{value}} kWh', '{{minutes}} min', '{{hours}} h', '{{hours}} h {{minutes}} min',
  // CLDR: Azerbaijani and Uzbek call the fifth month "May" too.
  'May',
]);

// A date pattern with no words of its own ("{{month}} {{year}}") has nothing to translate.
const noWords = (text: string) => !/\p{L}/u.test(text.replace(/{{\s*\w+\s*}}/g, ''));

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();

describe('locales', () => {
  it('has a file for every namespace in English', () => {
    for (const namespace of namespaces) expect(files[`./en/${namespace}.json`], namespace).toBeDefined();
  });

  it('translates every error code and validation rule', () => {
    const errors = load('en', 'errors');
    const validation = load('en', 'validation');
    expect(errorCodes.filter((code) => !errors[code])).toEqual([]);
    expect(Object.values(rule).filter((key) => !validation[key])).toEqual([]);
  });

  describe.each(languages.filter((language) => language !== 'en'))('%s', (language) => {
    it.each([...namespaces])('%s has every English key, filled in', (namespace) => {
      const english = load('en', namespace);
      const other = load(language, namespace);
      const missing = Object.keys(english).filter((key) => !other[key]?.trim());
      expect(missing).toEqual([]);
    });

    it.each([...namespaces])('%s is translated, not copied from English', (namespace) => {
      const english = load('en', namespace);
      const other = load(language, namespace);
      const copied = Object.keys(english).filter(
        (key) => other[key] === english[key] && !sameAsEnglishAllowed.has(english[key]!) && !noWords(english[key]!),
      );
      expect(copied).toEqual([]);
    });

    it.each([...namespaces])('%s keeps the placeholders and tags of English', (namespace) => {
      const english = load('en', namespace);
      const other = load(language, namespace);
      const broken = Object.keys(english).filter(
        (key) => other[key] && placeholders(other[key]).join() !== placeholders(english[key]!).join(),
      );
      expect(broken).toEqual([]);
    });
  });
});
