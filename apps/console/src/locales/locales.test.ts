import { describe, expect, it } from 'vitest';
import { languages } from '@evcharge/domain/constants';

// DESIGN.md: every visible string has a key in all eight languages; this fails on a gap.
const files = import.meta.glob<Record<string, unknown>>('./*/console.json', { eager: true, import: 'default' });

type Flat = Record<string, string>;

function flatten(value: unknown, prefix = '', out: Flat = {}): Flat {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  }
  return out;
}

const load = (language: string): Flat => flatten(files[`./${language}/console.json`] ?? {});

// Unit symbols and loanwords that read the same in several languages.
const sameAsEnglishAllowed = new Set([
  '{{value}} kWh', '{{value}} kB', '{{minutes}} min', '{{hours}} h {{minutes}} min',
  'Moderator', 'Administrator', '{{day}}: {{n}}',
]);

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe('console locales', () => {
  it('has a file for every language', () => {
    for (const language of languages) expect(files[`./${language}/console.json`], language).toBeDefined();
  });

  describe.each(languages.filter((language) => language !== 'en'))('%s', (language) => {
    it('has every English key, filled in, and no key English lacks', () => {
      const english = load('en');
      const other = load(language);
      expect(Object.keys(english).filter((key) => !other[key]?.trim())).toEqual([]);
      expect(Object.keys(other).filter((key) => english[key] === undefined)).toEqual([]);
    });

    it('is translated, not copied from English', () => {
      const english = load('en');
      const other = load(language);
      const copied = Object.keys(english).filter(
        (key) => other[key] === english[key] && !sameAsEnglishAllowed.has(english[key]!),
      );
      expect(copied).toEqual([]);
    });

    it('keeps the placeholders of English', () => {
      const english = load('en');
      const other = load(language);
      const broken = Object.keys(english).filter(
        (key) => other[key] && placeholders(other[key]).join() !== placeholders(english[key]!).join(),
      );
      expect(broken).toEqual([]);
    });
  });

  it('writes Uzbek with the turned comma (ʻ), never an apostrophe', () => {
    const uzbek = Object.values(load('uz'));
    expect(uzbek.filter((text) => /[a-z]['‘’`][a-z]/i.test(text))).toEqual([]);
  });
});
