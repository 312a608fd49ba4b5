import { useQuery } from '@tanstack/react-query';
import { getShopOrder } from '@evcharge/api/shop/shop';
import { apiRequest } from '@/lib/api-client';
import { shopKeys } from './shop-keys';

/** While the bank decides, the order page asks again this often… */
export const ORDER_POLL_INTERVAL_MS = 2_000;
/** …this many times, then leaves it to the driver (a button asks again). */
export const ORDER_POLL_ANSWERS = 10;

// GET /shop/orders/:id: one order; asking settles a payment still open with the acquirer.
export function useOrderQuery(id: string) {
  return useQuery({
    queryKey: shopKeys.order(id),
    queryFn: ({ signal }) => apiRequest(getShopOrder, { params: { id }, signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.status === 'awaitingPayment' && query.state.dataUpdateCount < ORDER_POLL_ANSWERS
        ? ORDER_POLL_INTERVAL_MS
        : false,
  });
}
