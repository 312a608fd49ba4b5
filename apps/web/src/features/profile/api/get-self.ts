import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSelf } from '@evcharge/api/users/get-self';
import { apiRequest } from '@/lib/api-client';
import { staleTime, userQueryKey } from '@/lib/query-client';

export const selfQueryOptions = () =>
  queryOptions({
    queryKey: [...userQueryKey, 'self'],
    queryFn: ({ signal }) => apiRequest(getSelf, { signal }),
    staleTime: staleTime.user,
  });

export function useSelfQuery() {
  return useQuery(selfQueryOptions());
}
