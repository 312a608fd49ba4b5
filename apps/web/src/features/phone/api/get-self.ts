import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSelf } from '@evcharge/api/users/get-self';
import { apiRequest } from '@/lib/api-client';
import { staleTime } from '@/lib/query-client';
import { selfQueryKey } from './remember-user';

// The user's phone and whether it is confirmed; the same query (key) the profile shows.
export const selfQueryOptions = () =>
  queryOptions({
    queryKey: selfQueryKey,
    queryFn: ({ signal }) => apiRequest(getSelf, { signal }),
    staleTime: staleTime.user,
  });

export function useSelfQuery() {
  return useQuery(selfQueryOptions());
}
