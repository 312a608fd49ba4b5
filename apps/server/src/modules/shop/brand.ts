import type { FastifyRequest } from 'fastify';
import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import { brands } from '../../brand/brands';
import type { Deps } from '../../deps';

/**
 * The brand whose shop a request is in (the host's, `request.brand`, brand/resolve.ts), or an
 * order was placed in (kept on the order): routes, orders and their receipts all ask here.
 */
export function shopBrand(
  deps: Pick<Deps, 'brand'>,
  from: FastifyRequest | { brandId: string },
): BrandConfig {
  if (!('brandId' in from)) return from.brand;
  if (Object.hasOwn(brands, from.brandId)) return brands[from.brandId as keyof typeof brands];
  return deps.brand;
}
