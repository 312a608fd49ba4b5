import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listBalanceOperations } from '@evcharge/api/payments/balance';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys, paymentStaleTime } from '@/lib/money-keys';

/** Operations per page: a phone screen and a half. */
export const OPERATIONS_PAGE_SIZE = 20;

// GET /balance/operations: newest first, a page at a time ("show more").
export const operationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.operations,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listBalanceOperations, { query: { offset: pageParam, limit: OPERATIONS_PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && shown < last.total ? shown : undefined;
    },
    staleTime: paymentStaleTime.balance,
  });

export function useOperationsQuery() {
  return useInfiniteQuery(operationsQueryOptions());
}
