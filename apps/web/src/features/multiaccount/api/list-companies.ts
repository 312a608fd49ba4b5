import { queryOptions, useQuery } from '@tanstack/react-query';
import { listCompanies } from '@evcharge/api/companies/companies';
import { getSelf } from '@evcharge/api/users/get-self';
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

// GET /users/self, for the personal balance (the same key as the profile screen's).
export function useSelfQuery() {
  return useQuery({
    queryKey: [...userQueryKey, 'self'],
    queryFn: ({ signal }) => apiRequest(getSelf, { signal }),
    staleTime: staleTime.user,
  });
}
