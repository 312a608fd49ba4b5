import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';
import { localeTexts, type Namespace } from './texts';

// The server's texts, like the web's (apps/web/src/locales/locales.test.ts): every key of every
// namespace in all eight languages, filled in, translated, with the placeholders of English.

type Flat = Record<string, string>;

function flatten(value: unknown, prefix = '', out: Flat = {}): Flat {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const read = (language: string, namespace: string): unknown =>
  JSON.parse(readFileSync(new URL(`./${language}/${namespace}.json`, import.meta.url), 'utf8'));

const namespacesOf = (language: string) =>
  readdirSync(new URL(`./${language}/`, import.meta.url))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();

const namespaces = namespacesOf('en') as Namespace[];

// Codes and SI unit symbols that read the same in every language.
const sameAsEnglishAllowed = new Set([
  'CVC', 'kWh', 'min',
  // Spanish writes a receipt's total the same.
  'Total',
]);

// A text with no words of its own ("{{title}}: {{code}}") has nothing to translate.
const noWords = (text: string) => !/\p{L}/u.test(text.replace(/{{\s*\w+\s*}}/g, ''));

// The names, once each: a receipt in two languages says `{{rate}}` twice.
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]))].sort();

describe('server locales', () => {
  it.each(languages)('%s has a file for every namespace, and the loader reads it', (language) => {
    expect(namespacesOf(language)).toEqual(namespaces);
    for (const namespace of namespaces) {
      expect(localeTexts(language, namespace), namespace).toEqual(read(language, namespace));
    }
  });

  it.each(namespaces)('English %s has only texts, none empty', (namespace) => {
    const english = flatten(read('en', namespace));
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect(Object.keys(english).filter((key) => !english[key]!.trim())).toEqual([]);
  });

  describe.each(languages.filter((language) => language !== 'en'))('%s', (language) => {
    it.each(namespaces)('%s has the keys of English, filled in', (namespace) => {
      const english = flatten(read('en', namespace));
      const other = flatten(read(language, namespace));
      expect(Object.keys(english).filter((key) => !other[key]?.trim())).toEqual([]);
      expect(Object.keys(other).filter((key) => !(key in english))).toEqual([]);
    });

    it.each(namespaces)('%s is translated, not copied from English', (namespace) => {
      const english = flatten(read('en', namespace));
      const other = flatten(read(language, namespace));
      const copied = Object.keys(english).filter(
        (key) => other[key] === english[key] && !sameAsEnglishAllowed.has(english[key]!) && !noWords(english[key]!),
      );
      expect(copied).toEqual([]);
    });

    it.each(namespaces)('%s keeps the placeholders of English', (namespace) => {
      const english = flatten(read('en', namespace));
      const other = flatten(read(language, namespace));
      const broken = Object.keys(english).filter(
        (key) => other[key] && placeholders(other[key]).join() !== placeholders(english[key]!).join(),
      );
      expect(broken).toEqual([]);
    });
  });
});
