import { describe, expect, it } from 'vitest';
import { brandSchema } from '@evcharge/api/brand/get-brand';
import { languages } from '@evcharge/domain/constants';
import { currencies } from '@evcharge/domain/currency';
import { countries } from '@evcharge/domain/constants';
import { brands, publicBrand, tileOrigin } from './brands';
import { counterSources, isValidCounter } from './counter';
import { demoBrand } from './demo';
import { voltBrand } from './volt';

describe('brands', () => {
  it.each(Object.entries(brands))('%s matches the brand contract', (_id, brand) => {
    expect(() => brandSchema.parse(brand)).not.toThrow();
  });

  it.each(Object.entries(brands))('%s has a currency, a country and a counter we know', (_id, brand) => {
    expect(currencies).toContain(brand.currency);
    expect(countries).toContain(brand.country);
    expect(isValidCounter(brand.analytics)).toBe(true);
    // The chat's hours are whole hours at a whole-hour offset (domain/support.ts).
    expect(brand.support.hours.from).toMatch(/^([01]\d|2[0-3]):00$/);
    expect(brand.support.hours.to).toMatch(/^([01]\d|2[0-4]):00$/);
    expect(brand.support.hours.utcOffsetMinutes % 60).toBe(0);
    for (const item of brand.shop.items) {
      for (const language of languages) {
        expect(item.title[language].length).toBeGreaterThan(0);
        expect(item.description[language].length).toBeGreaterThan(0);
      }
    }
  });

  it.each(Object.entries(brands))(
    '%s has a rate from every currency a station may be priced in into every wallet currency',
    (_id, brand) => {
      // A wallet pays a station priced in another currency at this rate (payment-rule.ts);
      // without one only a card could, and a driver without a card could not charge at all.
      for (const from of currencies) {
        for (const to of currencies) {
          const rate = brand.roaming.rates[from]?.[to];
          expect(rate, `${from} → ${to}`).toMatch(/^\d+(\.\d+)?$/);
          expect(Number(rate)).toBeGreaterThan(0);
          if (from === to) expect(rate).toBe('1');
        }
      }
    },
  );

  it('the second demo brand differs from the first where a driver sees it', () => {
    for (const key of ['title', 'iconUrl', 'colors', 'support', 'currency', 'country'] as const) {
      expect(voltBrand[key]).not.toEqual(demoBrand[key]);
    }
    expect(voltBrand.shop.items.map((item) => item.id)).not.toEqual(
      demoBrand.shop.items.map((item) => item.id),
    );
  });

  it('keeps the shop out of the public brand', () => {
    expect(publicBrand(voltBrand)).not.toHaveProperty('shop');
    expect(publicBrand(voltBrand)).toMatchObject({ id: 'volt', currency: 'kzt' });
  });

  it.each([
    [{ kind: 'none' } as const, { script: [], connect: [], img: [] }],
    [
      { kind: 'matomo', url: 'https://stats.example.com/matomo/', siteId: '3' } as const,
      {
        script: ['https://stats.example.com'],
        connect: ['https://stats.example.com'],
        img: ['https://stats.example.com'],
      },
    ],
    [
      { kind: 'yandexMetrica', id: 12345 } as const,
      {
        script: ['https://mc.yandex.ru', 'https://yastatic.net'],
        connect: ['https://mc.yandex.ru'],
        img: ['https://mc.yandex.ru'],
      },
    ],
  ])('the counter %j needs %j in the CSP', (counter, sources) => {
    expect(counterSources(counter)).toEqual(sources);
  });

  it.each([
    [{ kind: 'matomo', url: 'http://stats.example.com/', siteId: '1' } as const, false],
    [{ kind: 'matomo', url: 'https://stats.example.com/matomo.js', siteId: '1' } as const, false],
    [{ kind: 'matomo', url: 'not a url', siteId: '1' } as const, false],
    [{ kind: 'matomo', url: 'https://stats.example.com/', siteId: '1' } as const, true],
    [{ kind: 'yandexMetrica', id: 0 } as const, false],
  ])('counter %j is valid: %s', (counter, valid) => {
    expect(isValidCounter(counter)).toBe(valid);
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.com/{z}/{x}/{y}.png', 'https://*.tile.example.com'],
  ])('tile origin of %s', (tileUrl, origin) => {
    expect(tileOrigin({ ...demoBrand, map: { ...demoBrand.map, tileUrl } })).toBe(origin);
  });
});
