import { hashKey, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listStations, listStationsGuest } from '@evcharge/api/stations/list-stations';
import type { StationFilter } from '@evcharge/api/stations/station-schemas';
import { apiRequest } from '@/lib/api-client';
import { refetchInterval, staleTime, userQueryKey } from '@/lib/query-client';

/** Page size of the list (SPEC §9 leaves it open): a phone screen and a half. */
export const LIST_PAGE_SIZE = 20;

// POST /chargestations/filtered (signed in) or /guest: nearest first, paged.
export const stationListQueryOptions = (body: StationFilter, isSignedIn: boolean) =>
  infiniteQueryOptions({
    queryKey: isSignedIn ? [...userQueryKey, 'stations', 'list', body] : ['stations', 'guest', 'list', body],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(isSignedIn ? listStations : listStationsGuest, {
        body: { ...body, page: pageParam, pageSize: LIST_PAGE_SIZE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: staleTime.stations,
  });

/** The same search from another point (the map moved under a list sorted from its centre). */
export function isSameSearchElsewhere(before: StationFilter, after: StationFilter): boolean {
  const { near: nearBefore, ...restBefore } = before;
  const { near: nearAfter, ...restAfter } = after;
  return hashKey([restBefore, nearBefore?.radiusKm ?? null, nearBefore === undefined]) === hashKey([restAfter, nearAfter?.radiusKm ?? null, nearAfter === undefined]);
}

/**
 * Asked again while the list is on screen, so availability stays current. When only the point
 * it is sorted from moves (the map beside it moved), its rows stay until the new order comes:
 * the row holding focus keeps it, and the list does not flash a spinner on every move.
 */
export function useStationListQuery(body: StationFilter, isSignedIn: boolean) {
  const options = stationListQueryOptions(body, isSignedIn);
  const scope = hashKey(options.queryKey.slice(0, -1));
  return useInfiniteQuery({
    ...options,
    refetchInterval: refetchInterval.stations,
    placeholderData: (previous, previousQuery) => {
      if (!previousQuery || hashKey(previousQuery.queryKey.slice(0, -1)) !== scope) return undefined;
      const before = previousQuery.queryKey.at(-1) as StationFilter;
      return isSameSearchElsewhere(before, body) ? previous : undefined;
    },
  });
}
