import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getPayment } from '@evcharge/api/payments/payments';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys, refreshMoney } from '@/lib/money-keys';

/** The bank may need a few moments after 3-D Secure: ask again this often while it is pending… */
export const PAYMENT_POLL_INTERVAL_MS = 1_500;
/** …for about this long, then offer to check again by hand. */
export const PAYMENT_POLL_LIMIT_MS = 20_000;
const maxAnswers = Math.ceil(PAYMENT_POLL_LIMIT_MS / PAYMENT_POLL_INTERVAL_MS);

// GET /payments/:id: the operation the acquirer sent the driver back from; asking settles it
// with the acquirer first, so the return page sees the final state as soon as there is one.
// `isWaiting`: still pending and still asking by itself.
export function usePaymentQuery(id: string, enabled: boolean) {
  const client = useQueryClient();
  const payment = useQuery({
    queryKey: paymentKeys.payment(id),
    queryFn: async ({ signal }) => {
      const result = await apiRequest(getPayment, { params: { id }, signal });
      // Settled: the balance, the cards and the receipts have changed with it.
      if (result.status !== 'pending') refreshMoney(client);
      return result;
    },
    enabled,
    staleTime: 0,
    // Every answer counts, an equal one too: after the last one the page stops waiting.
    notifyOnChangeProps: ['data', 'error', 'isFetching', 'dataUpdatedAt'],
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < maxAnswers
        ? PAYMENT_POLL_INTERVAL_MS
        : false,
  });
  const answers = client.getQueryState(paymentKeys.payment(id))?.dataUpdateCount ?? 0;
  return { payment, isWaiting: payment.data?.status === 'pending' && answers < maxAnswers };
}
