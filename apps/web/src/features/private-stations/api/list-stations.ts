import { queryOptions, useQuery } from '@tanstack/react-query';
import { listPrivateStations } from '@evcharge/api/private-stations/private-stations';
import { apiRequest } from '@/lib/api-client';
import { refetchInterval, staleTime, userQueryKey } from '@/lib/query-client';

/** Every query about the driver's own stations starts with this key. */
export const privateStationsQueryKey = [...userQueryKey, 'private-stations'] as const;

// GET /chargestation/get/private (SPEC §2 myCharges): the driver's stations with their
// connectors live, so the screen asks again while it is open.
export const privateStationsQueryOptions = () =>
  queryOptions({
    queryKey: privateStationsQueryKey,
    queryFn: ({ signal }) => apiRequest(listPrivateStations, { signal }),
    staleTime: staleTime.station,
    refetchInterval: refetchInterval.station,
  });

export function usePrivateStationsQuery() {
  return useQuery(privateStationsQueryOptions());
}
