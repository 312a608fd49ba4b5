import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPendingPhoneCode } from '@evcharge/api/phone/pending-code';
import { apiRequest } from '@/lib/api-client';

export const pendingCodeQueryOptions = () =>
  queryOptions({
    queryKey: ['phone-verification', 'pending'],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest(getPendingPhoneCode, { signal });
      // The wait as an instant on this device's clock, taken when the answer came.
      return { ...answer, resendAt: Date.now() + answer.resendAfterSeconds * 1000 };
    },
    // Asked each time the screen opens: the server's record is the truth, not a cached copy.
    staleTime: 0,
    gcTime: 0,
  });

/** GET /api/user/codePending: the confirmation a reload resumes, and the resend wait. */
export function usePendingCodeQuery() {
  return useQuery(pendingCodeQueryOptions());
}
