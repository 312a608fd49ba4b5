import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listEvents } from '@evcharge/api/events/events';
import { apiRequest } from '@/lib/api-client';
import { eventsQueryKey } from '@/lib/event-keys';

/** Notifications per page: a phone screen and a half. */
export const EVENTS_PAGE_SIZE = 20;

// GET /events: the driver's notifications, newest first, a page at a time.
export const eventsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...eventsQueryKey, 'list'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listEvents, { query: { page: pageParam, pageSize: EVENTS_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    staleTime: 15_000,
  });

export function useEventsQuery() {
  return useInfiniteQuery(eventsQueryOptions());
}
