import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getEvent } from '@evcharge/api/events/events';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKey } from '@/lib/event-keys';

/**
 * GET /events/{guid}: one notification; the server marks it read, so the list and the shell's
 * unread dot are asked again once it has come.
 */
export function useEventQuery(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...eventsQueryKey, 'one', id],
    queryFn: async ({ signal }) => {
      const event = await apiRequest(getEvent, { params: { guid: id }, signal });
      void client.invalidateQueries({
        queryKey: eventsQueryKey,
        predicate: (query) => query.queryKey[2] !== 'one',
      });
      return event;
    },
    staleTime: Infinity,
  });
}

/**
 * Opening a notification that leads straight elsewhere (support's answer opens the chat): GET
 * /events/{guid} in the background marks it read, then the list and the dot are asked again.
 */
export async function markEventRead(client: QueryClient, id: string): Promise<void> {
  await apiRequest(getEvent, { params: { guid: id } });
  await client.invalidateQueries({ queryKey: eventsQueryKey });
}
