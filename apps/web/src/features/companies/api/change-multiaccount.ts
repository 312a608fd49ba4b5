import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  changeMultiaccount,
  type ChangeMultiaccountBody,
} from '@evcharge/api/companies/change-multiaccount';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/query-client';
import { rememberUser } from '@/lib/self-query';

/**
 * PUT /users/change/multiaccount: the profile new sessions charge on. The answer is the user
 * as it is now: the stored session takes it (the header's profile chip reads it), and every
 * query about the user is asked again (balances, the profile).
 */
export async function changeProfileRequest(client: QueryClient, body: ChangeMultiaccountBody) {
  const user = await apiRequest(changeMultiaccount, { body });
  rememberUser(client, user);
  await client.invalidateQueries({ queryKey: userQueryKey });
  return user;
}

export function useChangeProfileMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeMultiaccountBody) => changeProfileRequest(client, body),
  });
}
