import type { Brand, BrandConfig } from '@evcharge/api/brand/get-brand';
import { demoBrand } from './demo';

// Deployments pick one with BRAND; a new brand is a file beside demo.ts plus a line here.
export const brands = { demo: demoBrand } as const satisfies Record<string, BrandConfig>;
export const brandIds = Object.keys(brands) as [keyof typeof brands, ...(keyof typeof brands)[]];
export type BrandId = keyof typeof brands;

export function brandById(id: BrandId): BrandConfig {
  return brands[id];
}

/** Where map tiles come from, for the Content-Security-Policy (`{s}` subdomains allowed). */
export function tileOrigin(brand: Brand): string {
  const url = new URL(brand.map.tileUrl.replace('{s}', 'a').replace(/\{[a-z]\}/g, '0'));
  const host = brand.map.tileUrl.includes('{s}') ? url.host.replace(/^a\./, '*.') : url.host;
  return `${url.protocol}//${host}`;
}
