import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@evcharge/api/common';
import { userQueryKey } from '@/lib/query-client';
import { updateSession } from '@/lib/session';

/** The key of GET /api/users/self, which the profile reads (features/profile/api/get-self.ts). */
export const selfQueryKey = [...userQueryKey, 'self'] as const;

/** The server's answer is the user now: the profile and the stored session show it at once. */
export function rememberUser(client: QueryClient, user: User): void {
  client.setQueryData(selfQueryKey, user);
  updateSession({ user });
}
