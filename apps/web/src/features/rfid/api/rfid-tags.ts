import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteRfidTag, listRfidTags, updateRfidTag, type RfidTag } from '@evcharge/api/rfid/rfid';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { staleTime, userQueryKey } from '@/lib/query-client';

// SPEC §7 RFID: GET /rfid (the driver's tags), PUT /rfid (rename, block, unblock),
// DELETE /rfid/{id}. The wizard's confirm adds a tag to the same list.

export const rfidTagsQueryKey = [...userQueryKey, 'rfid-tags'] as const;

export const rfidTagsQueryOptions = () =>
  queryOptions({
    queryKey: rfidTagsQueryKey,
    queryFn: async ({ signal }) => (await apiRequest(listRfidTags, { signal })).items,
    staleTime: staleTime.user,
  });

export function useRfidTagsQuery() {
  return useQuery(rfidTagsQueryOptions());
}

export type RfidTagChange = { id: string; name?: string; isBlocked?: boolean };

export function useUpdateRfidTagMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RfidTagChange) => apiRequest(updateRfidTag, { body }),
    onSuccess: (tag) => {
      client.setQueryData<RfidTag[]>(rfidTagsQueryKey, (tags) => tags?.map((item) => (item.id === tag.id ? tag : item)));
      void client.invalidateQueries({ queryKey: rfidTagsQueryKey });
    },
  });
}

async function deleteTagRequest(id: string): Promise<void> {
  try {
    await apiRequest(deleteRfidTag, { params: { id } });
  } catch (error) {
    // Gone already (another tab): what the driver asked for is true.
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}

export function useDeleteRfidTagMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteTagRequest,
    onSuccess: (_answer, id) => {
      client.setQueryData<RfidTag[]>(rfidTagsQueryKey, (tags) => tags?.filter((tag) => tag.id !== id));
      void client.invalidateQueries({ queryKey: rfidTagsQueryKey });
    },
  });
}
