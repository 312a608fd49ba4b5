import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { listChargesPlusReserves } from '@evcharge/api/payments/receipts';
import { apiRequest } from '@/lib/api-client';
import { chargeDetailQueryOptions, chargeKeys, chargeStaleTime } from '@/lib/charge-query';

/** Entries per page of the history: a phone screen and a half. */
export const HISTORY_PAGE_SIZE = 20;

// SPEC §7 GET /v2/charges_plus_reserves: sessions and reservations together, newest first,
// each with its receipt, a page at a time ("load more").
export const historyQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...chargeKeys.all, 'history'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listChargesPlusReserves, { query: { offset: pageParam, limit: HISTORY_PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.items.length, 0);
      return shown < last.total && last.items.length > 0 ? shown : undefined;
    },
    staleTime: chargeStaleTime.history,
  });

export function useHistoryQuery() {
  return useInfiniteQuery(historyQueryOptions());
}

export function useChargeDetailQuery(transactionId: number) {
  return useQuery(chargeDetailQueryOptions(transactionId));
}
