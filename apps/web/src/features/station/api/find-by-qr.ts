import { queryOptions, useQuery } from '@tanstack/react-query';
import { findByQrCode } from '@evcharge/api/stations/find-by-qr';
import { apiRequest } from '@/lib/api-client';
import { staleTime } from '@/lib/query-client';

// GET /chargestation/find/qrCode/{code} (public): a sticker's code to station and connector.
export const qrCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['station', 'qr', code],
    queryFn: ({ signal }) => apiRequest(findByQrCode, { params: { code }, signal }),
    staleTime: staleTime.station,
  });

export function useQrCodeQuery(code: string, isEnabled: boolean) {
  return useQuery({ ...qrCodeQueryOptions(code), enabled: isEnabled });
}
