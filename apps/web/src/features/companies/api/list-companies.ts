import { queryOptions, useQuery } from '@tanstack/react-query';
import { listCompanies } from '@evcharge/api/companies/companies';
import { apiRequest } from '@/lib/api-client';
import { staleTime, userQueryKey } from '@/lib/query-client';

// GET /companies: the driver's companies with their balance (SPEC §6 multi-account).
export const companiesQueryOptions = () =>
  queryOptions({
    queryKey: [...userQueryKey, 'companies'],
    queryFn: ({ signal }) => apiRequest(listCompanies, { signal }),
    staleTime: staleTime.user,
  });

export function useCompaniesQuery() {
  return useQuery(companiesQueryOptions());
}
