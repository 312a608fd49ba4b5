import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { listUserReserves, type Reservation } from '@evcharge/api/reserves/reserves';
import { isReservationOpen } from '@evcharge/domain/reservation';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { RESERVATION_REFETCH_MS, reserveKeys } from './reserve-keys';

/** Reservations per page of the list. */
export const RESERVES_PAGE_SIZE = 20;

// SPEC §7 GET /user-reserves: the current ones first, then the past, newest first.
export function useReservesQuery() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: reserveKeys.list,
      queryFn: ({ pageParam, signal }) =>
        apiRequest(listUserReserves, { query: { offset: pageParam, limit: RESERVES_PAGE_SIZE }, signal }),
      initialPageParam: 0,
      getNextPageParam: (last, pages) => {
        const shown = pages.reduce((sum, page) => sum + page.items.length, 0);
        return shown < last.total && last.items.length > 0 ? shown : undefined;
      },
    }),
  );
}

/** How far back one reservation is looked for: the list has no call for a single one. */
const LOOKUP_LIMIT = 100;

/**
 * One reservation. The contracts have no call for a single one, so it is found in the list
 * (the current ones come first, so an open one is always there); a create or cancel stores
 * its answer under this key at once.
 */
export const reservationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: reserveKeys.one(id),
    queryFn: async ({ signal }): Promise<Reservation> => {
      const page = await apiRequest(listUserReserves, { query: { offset: 0, limit: LOOKUP_LIMIT }, signal });
      const found = page.items.find((item) => item.id === id);
      if (!found) throw new ApiError(404, 'NOT_FOUND', 'Reservation not found');
      return found;
    },
  });

/** Asked again while it holds (its status and cost move by themselves); a past one stays. */
export function useReservationQuery(id: string) {
  return useQuery({
    ...reservationQueryOptions(id),
    refetchInterval: (query) => (query.state.data && !isReservationOpen(query.state.data.status) ? false : RESERVATION_REFETCH_MS),
  });
}
