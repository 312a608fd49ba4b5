import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimPrivateStation } from '@evcharge/api/private-stations/private-stations';
import { apiRequest } from '@/lib/api-client';
import { privateStationsQueryKey } from './list-stations';

// POST /chargestation/private: the station joins the driver's list.
export function useClaimStationMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { code: string; secret: string }) => apiRequest(claimPrivateStation, { body }),
    onSuccess: () => void client.invalidateQueries({ queryKey: privateStationsQueryKey }),
  });
}
