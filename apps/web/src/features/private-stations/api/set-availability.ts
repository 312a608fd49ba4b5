import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setConnectorAvailability } from '@evcharge/api/sessions/charge-points';
import { apiRequest } from '@/lib/api-client';
import { privateStationsQueryKey } from './list-stations';

// PUT /chargepoint/{id}/status/{status}: the owner takes a connector out of service or back;
// the charge point reports its new status itself, which the list then shows.
export function useSetAvailabilityMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { connectorId: string; status: 'available' | 'unavailable' }) =>
      apiRequest(setConnectorAvailability, { params: input }),
    onSettled: () => void client.invalidateQueries({ queryKey: privateStationsQueryKey, exact: true }),
  });
}
