import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkPhoneCode } from '@evcharge/api/phone/check-code';
import { apiRequest } from '@/lib/api-client';

/** How often the QR screen asks whether the phone's SMS has arrived. */
export const QR_POLL_MS = 3_000;

export const checkCodeQueryOptions = (verificationId: string) =>
  queryOptions({
    queryKey: ['phone-verification', verificationId],
    queryFn: ({ signal }) => apiRequest(checkPhoneCode, { body: { verificationId }, signal }),
    // Asked again while it waits; a confirmed or expired verification stays so.
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? QR_POLL_MS : false),
    staleTime: 0,
    gcTime: 0,
  });

/** POST /api/user/checkCode, polled while the QR code is shown. */
export function useCheckCodeQuery(verificationId: string) {
  return useQuery(checkCodeQueryOptions(verificationId));
}
