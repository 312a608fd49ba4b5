import { queryOptions, useQuery } from '@tanstack/react-query';
import { listLoyaltyCompanies } from '@evcharge/api/loyalty/loyalty';
import { apiRequest } from '@/lib/api-client';
import { loyaltyQueryKey } from '@/lib/loyalty-query';

// GET /loyalty-company: the partner programmes a driver can add a card of (they change rarely).
export const loyaltyCompaniesQueryOptions = () =>
  queryOptions({
    queryKey: [...loyaltyQueryKey, 'companies'] as const,
    queryFn: async ({ signal }) => (await apiRequest(listLoyaltyCompanies, { signal })).items,
    staleTime: 10 * 60_000,
  });

export function useLoyaltyCompaniesQuery() {
  return useQuery(loyaltyCompaniesQueryOptions());
}
