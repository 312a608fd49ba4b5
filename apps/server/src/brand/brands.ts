import type { Brand, BrandConfig } from '@evcharge/api/brand/get-brand';
import { demoBrand } from './demo';
import { voltBrand } from './volt';

// Deployments pick one with BRAND, and more by host name with BRAND_HOSTS (config.ts,
// brand/resolve.ts); a new brand is a file beside demo.ts, a line here, its legal texts in
// brand/legal/<id>/ and its icons in apps/web/public.
export const brands = { demo: demoBrand, volt: voltBrand } as const satisfies Record<
  string,
  BrandConfig
>;
export const brandIds = Object.keys(brands) as [keyof typeof brands, ...(keyof typeof brands)[]];
export type BrandId = keyof typeof brands;

export function isBrandId(value: unknown): value is BrandId {
  return typeof value === 'string' && Object.hasOwn(brands, value);
}

export function brandById(id: BrandId): BrandConfig {
  return brands[id];
}

/**
 * The brand of a driver's account (users.brand: the host's at sign-up), for what goes to the
 * driver outside a page (receipts, mail, SMS, payment descriptions); the deployment's brand
 * for an account made before, or under a brand this server no longer has.
 */
export function brandOfAccount<Fallback extends Brand>(
  account: { brand: string | null },
  fallback: Fallback,
): Fallback | BrandConfig {
  return isBrandId(account.brand) ? brandById(account.brand) : fallback;
}

/** The part of a brand every page may read (GET /api/brand): the shop's catalogue is apart. */
export function publicBrand(brand: BrandConfig): Brand {
  const { shop: _shop, roaming: _roaming, ...rest } = brand;
  return rest;
}

/** Where map tiles come from, for the Content-Security-Policy (`{s}` subdomains allowed). */
export function tileOrigin(brand: Brand): string {
  const url = new URL(brand.map.tileUrl.replace('{s}', 'a').replace(/\{[a-z]\}/g, '0'));
  const host = brand.map.tileUrl.includes('{s}') ? url.host.replace(/^a\./, '*.') : url.host;
  return `${url.protocol}//${host}`;
}
