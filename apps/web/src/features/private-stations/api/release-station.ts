import { useMutation, useQueryClient } from '@tanstack/react-query';
import { releasePrivateStation } from '@evcharge/api/private-stations/private-stations';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { privateStationsQueryKey } from './list-stations';

async function release(id: string): Promise<void> {
  try {
    await apiRequest(releasePrivateStation, { params: { id } });
  } catch (error) {
    // Released already (another tab): what the owner asked for is true.
    if (error instanceof ApiError && error.code === 'STATION_NOT_FOUND') return;
    throw error;
  }
}

// DELETE /chargestation/private/{id}, after the owner confirmed it.
export function useReleaseStationMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: release,
    onSuccess: () => void client.invalidateQueries({ queryKey: privateStationsQueryKey }),
  });
}
