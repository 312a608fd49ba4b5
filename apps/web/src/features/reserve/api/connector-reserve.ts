import { useQuery } from '@tanstack/react-query';
import { connectorReserveNowV2 } from '@evcharge/api/reserves/reserves';
import { apiRequest } from '@/lib/api-client';
import { RESERVATION_REFETCH_MS, reserveKeys } from './reserve-keys';

// SPEC §7 GET /reserve/socket/{id}/now_v2: free, the driver's own or someone else's, the
// periods taken, and what a reservation would cost and how it would be paid now.
export function useConnectorReserveQuery(connectorId: string | null) {
  return useQuery({
    queryKey: reserveKeys.connector(connectorId ?? ''),
    queryFn: ({ signal }) => apiRequest(connectorReserveNowV2, { params: { id: connectorId ?? '' }, signal }),
    enabled: connectorId !== null,
    refetchInterval: RESERVATION_REFETCH_MS,
  });
}
