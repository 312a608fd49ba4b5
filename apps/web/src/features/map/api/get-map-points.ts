import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { mapPoints, mapPointsGuest } from '@evcharge/api/stations/map-points';
import type { StationFilter } from '@evcharge/api/stations/station-schemas';
import { apiRequest } from '@/lib/api-client';
import { refetchInterval, staleTime, userQueryKey } from '@/lib/query-client';

// POST /chargestations/points(/guest): every matching station in the area, for clustering.
export const mapPointsQueryOptions = (body: StationFilter, isSignedIn: boolean) =>
  queryOptions({
    queryKey: isSignedIn ? [...userQueryKey, 'stations', 'points', body] : ['stations', 'guest', 'points', body],
    queryFn: ({ signal }) => apiRequest(isSignedIn ? mapPoints : mapPointsGuest, { body, signal }),
    staleTime: staleTime.stations,
  });

/**
 * Keeps the previous markers on screen while the next area loads. Asked again every few
 * seconds while the map is visible, so markers change colour as connectors are taken and
 * freed; an unchanged answer keeps its data object, so nothing is drawn again.
 */
export function useMapPointsQuery(body: StationFilter | null, isSignedIn: boolean, isVisible = true) {
  return useQuery({
    ...mapPointsQueryOptions(body ?? { connectorTypes: [] }, isSignedIn),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    refetchInterval: isVisible ? refetchInterval.stations : false,
  });
}
