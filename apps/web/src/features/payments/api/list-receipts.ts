import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { listReceipts } from '@evcharge/api/payments/receipts';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys, paymentStaleTime } from '@/lib/money-keys';

export const RECEIPTS_PAGE_SIZE = 20;

// GET /receipts: the driver's receipts, newest first, a page at a time.
export const receiptsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: paymentKeys.receipts,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(listReceipts, { query: { offset: pageParam, limit: RECEIPTS_PAGE_SIZE }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && shown < last.total ? shown : undefined;
    },
    staleTime: paymentStaleTime.receipts,
  });

export function useReceiptsQuery() {
  return useInfiniteQuery(receiptsQueryOptions());
}
