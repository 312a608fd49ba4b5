import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { likeStation, listLikedStations, unlikeStation } from '@evcharge/api/favourites/favourite-stations';
import type { StationDetail, StationSummary } from '@evcharge/api/stations/station-schemas';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { refetchInterval, staleTime, userQueryKey } from './query-client';
import { stationKeyPrefix } from './station-query';

// The driver's favourite stations (SPEC §2 favourites, §7 likes), shared by the favourites
// screen, the station page and the map's station sheet: one toggle keeps them all in step.

export const favouritesQueryKey = [...userQueryKey, 'favourites'] as const;

/** GET /likedstations: latest liked first, each with the live status the map shows. */
export const likedStationsQueryOptions = () =>
  queryOptions({
    queryKey: favouritesQueryKey,
    queryFn: async ({ signal }) => (await apiRequest(listLikedStations, { signal })).items,
    staleTime: staleTime.stations,
  });

/** Asked again while the screen is visible, so statuses change as on the map. */
export function useLikedStationsQuery() {
  return useQuery({ ...likedStationsQueryOptions(), refetchInterval: refetchInterval.stations });
}

export type FavouriteChange = { stationId: string; isFavourite: boolean };

type Snapshot = { favourites: StationSummary[] | undefined; stations: [readonly unknown[], StationDetail | undefined][] };

/** Puts the new state into every cached view at once: the station page, the sheet, the list. */
function applyToCache(client: QueryClient, { stationId, isFavourite }: FavouriteChange): void {
  client.setQueriesData<StationDetail>({ queryKey: stationKeyPrefix(stationId) }, (station) =>
    station ? { ...station, isFavourite } : station,
  );
  // A removed station leaves the list at once; an added one comes with the list's next answer.
  if (!isFavourite) {
    client.setQueryData<StationSummary[]>(favouritesQueryKey, (items) => items?.filter((item) => item.id !== stationId));
  }
}

async function sendChange({ stationId, isFavourite }: FavouriteChange): Promise<void> {
  try {
    await apiRequest(isFavourite ? likeStation : unlikeStation, { params: { id: stationId } });
  } catch (error) {
    // Removed already (another tab, a double tap): what the driver wanted is true.
    if (!isFavourite && error instanceof ApiError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}

/** POST or DELETE /likedstations/{id}, shown at once and undone in the cache if it fails. */
export function useFavouriteMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendChange,
    onMutate: async (change): Promise<Snapshot> => {
      // A live refetch under way would bring the old state back over the new one.
      await Promise.all([
        client.cancelQueries({ queryKey: stationKeyPrefix(change.stationId) }),
        client.cancelQueries({ queryKey: favouritesQueryKey }),
      ]);
      const snapshot: Snapshot = {
        favourites: client.getQueryData<StationSummary[]>(favouritesQueryKey),
        stations: client.getQueriesData<StationDetail>({ queryKey: stationKeyPrefix(change.stationId) }),
      };
      applyToCache(client, change);
      return snapshot;
    },
    onError: (_error, _change, snapshot) => {
      if (!snapshot) return;
      client.setQueryData(favouritesQueryKey, snapshot.favourites);
      for (const [key, station] of snapshot.stations) client.setQueryData(key, station);
    },
    onSettled: (_data, _error, change) =>
      Promise.all([
        client.invalidateQueries({ queryKey: favouritesQueryKey }),
        client.invalidateQueries({ queryKey: stationKeyPrefix(change.stationId) }),
      ]),
  });
}
