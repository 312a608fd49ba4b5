import { queryOptions, useQuery } from '@tanstack/react-query';
import { getReceipt } from '@evcharge/api/payments/receipts';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys, paymentStaleTime } from '@/lib/money-keys';

// GET /receipts/:id: one receipt with its seller, items, taxes and payment.
export const receiptQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.receipt(id),
    queryFn: ({ signal }) => apiRequest(getReceipt, { params: { id }, signal }),
    staleTime: paymentStaleTime.receipt,
    enabled: id !== '',
  });

export function useReceiptQuery(id: string) {
  return useQuery(receiptQueryOptions(id));
}
