import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '@evcharge/api/common';
import { getSelf } from '@evcharge/api/users/get-self';
import { apiRequest } from './api-client';
import { staleTime, userQueryKey } from './query-client';
import { updateSession } from './session';

// GET /users/self: the signed-in user as the server has them (name, phone and whether it is
// confirmed, balance and debt, the active profile). The profile, the phone confirmation, the
// cards and the company switch all read this one query; shared here, since features do not
// import each other.

export const selfQueryKey = [...userQueryKey, 'self'] as const;

export const selfQueryOptions = () =>
  queryOptions({
    queryKey: selfQueryKey,
    queryFn: ({ signal }) => apiRequest(getSelf, { signal }),
    staleTime: staleTime.user,
  });

export function useSelfQuery() {
  return useQuery(selfQueryOptions());
}

/** The server's answer is the user now: every screen reading the query and the session show it. */
export function rememberUser(client: QueryClient, user: User): void {
  client.setQueryData(selfQueryKey, user);
  updateSession({ user });
}
