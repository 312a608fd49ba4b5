import { describe, expect, it } from 'vitest';
import { brandSchema } from '@evcharge/api/brand/get-brand';
import { brands, tileOrigin } from './brands';
import { demoBrand } from './demo';

describe('brands', () => {
  it.each(Object.entries(brands))('%s matches the brand contract', (_id, brand) => {
    expect(() => brandSchema.parse(brand)).not.toThrow();
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['https://{s}.tile.example.com/{z}/{x}/{y}.png', 'https://*.tile.example.com'],
  ])('tile origin of %s', (tileUrl, origin) => {
    expect(tileOrigin({ ...demoBrand, map: { ...demoBrand.map, tileUrl } })).toBe(origin);
  });
});
