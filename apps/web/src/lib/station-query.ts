import { queryOptions, useQuery } from '@tanstack/react-query';
import { getStation, getStationGuest } from '@evcharge/api/stations/get-station';
import { apiRequest } from './api-client';
import { refetchInterval, staleTime, userQueryKey } from './query-client';

// One station's details, shared by the map's summary sheet and the station page, so opening
// the page after tapping a marker shows at once. Signed-in drivers use GET /v2/chargestation
// (their private stations too), visitors the guest twin (SPEC §7).

/** The client's UTC offset in minutes, east positive (the API's `offset`). */
export function clientUtcOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

/** Every signed-in query of one station starts with this key (the favourite toggle updates them). */
export const stationKeyPrefix = (id: string) => [...userQueryKey, 'station', id] as const;

export const stationQueryOptions = (id: string, isSignedIn: boolean) => {
  const offset = clientUtcOffsetMinutes();
  return queryOptions({
    queryKey: isSignedIn ? [...stationKeyPrefix(id), offset] : ['station', 'guest', id, offset],
    queryFn: async ({ signal }) => {
      return apiRequest(isSignedIn ? getStation : getStationGuest, { params: { guid: id }, query: { offset }, signal });
    },
    staleTime: staleTime.station,
  });
};

/**
 * `isLive`: asked again every few seconds while the page is visible, so connector statuses
 * change on screen without a reload; the server keeps the answer cheap.
 */
export function useStationQuery(id: string | null, isSignedIn: boolean, { isLive = false } = {}) {
  return useQuery({
    ...stationQueryOptions(id ?? '', isSignedIn),
    enabled: id !== null && id !== '',
    refetchInterval: isLive ? refetchInterval.station : false,
  });
}
