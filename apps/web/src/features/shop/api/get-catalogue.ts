import { queryOptions, useQuery } from '@tanstack/react-query';
import { getShopCatalogue } from '@evcharge/api/shop/shop';
import { apiRequest } from '@/lib/api-client';
import { CATALOGUE_STALE_MS, shopKeys } from './shop-keys';

// GET /shop/catalogue: the brand's goods, their prices and the delivery's.
export const catalogueQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.catalogue,
    queryFn: ({ signal }) => apiRequest(getShopCatalogue, { signal }),
    staleTime: CATALOGUE_STALE_MS,
  });

export function useCatalogueQuery() {
  return useQuery(catalogueQueryOptions());
}
