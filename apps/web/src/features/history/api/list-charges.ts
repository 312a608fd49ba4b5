import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { listCharges } from '@evcharge/api/sessions/list-charges';
import { apiRequest } from '@/lib/api-client';
import { chargeDetailQueryOptions, chargeKeys, chargeStaleTime } from '@/lib/charge-query';

/** Sessions per page of the history: a phone screen and a half. */
export const HISTORY_PAGE_SIZE = 20;

// GET /v2/charges: the driver's sessions, newest first, a page at a time ("load more").
export const historyQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...chargeKeys.all, 'history'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listCharges, { query: { page: pageParam, pageSize: HISTORY_PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    staleTime: chargeStaleTime.history,
  });

export function useHistoryQuery() {
  return useInfiniteQuery(historyQueryOptions());
}

export function useChargeDetailQuery(transactionId: number) {
  return useQuery(chargeDetailQueryOptions(transactionId));
}
