import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { confirmEmail, sendEmailConfirmation } from '@evcharge/api/auth/confirm-email';
import { apiRequest } from '@/lib/api-client';
import { queryClient, userQueryKey } from '@/lib/query-client';

// A query, not a mutation: the page confirms on open, and a query runs once per token even
// when React mounts the page twice (StrictMode) — a second PUT would find the token spent.
export const confirmEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['confirm-email', token],
    queryFn: async () => {
      const result = await apiRequest(confirmEmail, { body: { token } });
      // The profile's "confirmed" badge must not show the old state.
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      return result;
    },
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useConfirmEmailQuery(token: string) {
  return useQuery({ ...confirmEmailQueryOptions(token), enabled: token.length > 0 });
}

/** PUT /auth/confirmEmail with the address and the mailed 6-digit code. */
export function useConfirmByCodeMutation() {
  return useMutation({
    mutationFn: async (body: { email: string; code: string }) => {
      const result = await apiRequest(confirmEmail, { body });
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      return result;
    },
  });
}

/** POST /auth/confirmEmail/send: a new link and code to the signed-in user's address. */
export function useResendConfirmationMutation() {
  return useMutation({ mutationFn: () => apiRequest(sendEmailConfirmation) });
}
