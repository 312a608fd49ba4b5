import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSelf } from '@evcharge/api/users/get-self';
import { apiRequest } from '@/lib/api-client';
import { staleTime } from '@/lib/query-client';
import { selfQueryKey } from './payment-keys';

// Whether the phone is confirmed (SPEC §5: a card is bound only after that) and the balance for
// the wallet link; the same query (key) the profile shows.
export const selfQueryOptions = () =>
  queryOptions({
    queryKey: selfQueryKey,
    queryFn: ({ signal }) => apiRequest(getSelf, { signal }),
    staleTime: staleTime.user,
  });

export function useSelfQuery() {
  return useQuery(selfQueryOptions());
}
