import type { FastifyRequest } from 'fastify';
import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import { brands } from '../../brand/brands';
import type { Deps } from '../../deps';

/**
 * The brand whose shop a request is in, or an order was placed in: the deployment's (BRAND)
 * today. The one place to change when the brand is chosen per request (by the host): routes,
 * orders and their receipts all ask here.
 */
export function shopBrand(
  deps: Pick<Deps, 'brand'>,
  from: FastifyRequest | { brandId: string },
): BrandConfig {
  if ('brandId' in from && from.brandId !== deps.brand.id && Object.hasOwn(brands, from.brandId))
    return brands[from.brandId as keyof typeof brands];
  return deps.brand;
}
