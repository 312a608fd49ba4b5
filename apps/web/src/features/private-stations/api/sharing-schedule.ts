import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getSharingSchedule,
  saveSharingSchedule,
  type SharingScheduleBody,
} from '@evcharge/api/private-stations/private-stations';
import { apiRequest } from '@/lib/api-client';
import { staleTime } from '@/lib/query-client';
import { privateStationsQueryKey } from './list-stations';

const scheduleKey = (id: string) => [...privateStationsQueryKey, 'schedule', id] as const;

// GET /chargestation/private/{id}/get/schedule (SPEC §2 schedule of a private station).
export const sharingScheduleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: scheduleKey(id),
    queryFn: ({ signal }) => apiRequest(getSharingSchedule, { params: { id }, signal }),
    staleTime: staleTime.user,
  });

export function useSharingScheduleQuery(id: string) {
  return useQuery(sharingScheduleQueryOptions(id));
}

// PUT /chargestation/private/{id}/save/schedule: the saved terms are the answer.
export function useSaveScheduleMutation(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SharingScheduleBody) => apiRequest(saveSharingSchedule, { params: { id }, body }),
    onSuccess: (saved) => {
      client.setQueryData(scheduleKey(id), saved);
      void client.invalidateQueries({ queryKey: privateStationsQueryKey, exact: true });
    },
  });
}
