import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
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

/** Asked again while the list is on screen, so availability stays current. */
export function useStationListQuery(body: StationFilter, isSignedIn: boolean) {
  return useInfiniteQuery({ ...stationListQueryOptions(body, isSignedIn), refetchInterval: refetchInterval.stations });
}
