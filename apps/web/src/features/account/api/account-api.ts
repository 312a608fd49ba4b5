import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changePassword } from '@evcharge/api/auth/change-password';
import type { ContractBody } from '@evcharge/api/contract';
import { acceptPrivacyPolicy, deleteAccount, deletionCheck } from '@evcharge/api/account/account';
import { replacePerson } from '@evcharge/api/account/persons';
import { apiRequest } from '@/lib/api-client';
import { userQueryKey } from '@/lib/query-client';
import { rememberUser } from '@/lib/self-query';


export function useSavePersonMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContractBody<typeof replacePerson>) => apiRequest(replacePerson, { body }),
    onSuccess: (result) => rememberUser(client, result.user),
  });
}

export type PasswordValues = Omit<ContractBody<typeof changePassword>, 'UserId'>;

export function useChangePasswordMutation(userId: string) {
  return useMutation({
    mutationFn: (values: PasswordValues) =>
      apiRequest(changePassword, { body: { ...values, UserId: userId } }),
  });
}

export function useAcceptPolicyMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: string) => apiRequest(acceptPrivacyPolicy, { body: { version } }),
    onSuccess: (user) => rememberUser(client, user),
  });
}

export function useDeletionCheckQuery() {
  return useQuery({
    queryKey: [...userQueryKey, 'deletion-check'],
    queryFn: ({ signal }) => apiRequest(deletionCheck, { signal }),
    // Money may have moved since the last look: always ask again.
    staleTime: 0,
  });
}

/**
 * DELETE /user/0. Every token of the account is revoked; the caller ends the session here once
 * the driver is on the page that says so.
 */
export function useDeleteAccountMutation() {
  return useMutation({
    mutationFn: (password: string) => apiRequest(deleteAccount, { body: { password } }),
  });
}
