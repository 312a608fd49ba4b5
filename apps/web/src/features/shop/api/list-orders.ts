import { queryOptions, useQuery } from '@tanstack/react-query';
import { listShopOrders } from '@evcharge/api/shop/shop';
import { apiRequest } from '@/lib/api-client';
import { shopKeys } from './shop-keys';

/** A driver orders now and then: one page holds them all but the oldest. */
export const ORDERS_PAGE_SIZE = 50;

// GET /shop/orders: the driver's orders, newest first.
export const ordersQueryOptions = () =>
  queryOptions({
    queryKey: shopKeys.orders,
    queryFn: ({ signal }) => apiRequest(listShopOrders, { query: { page: 1, pageSize: ORDERS_PAGE_SIZE }, signal }),
    staleTime: 0,
  });

export function useOrdersQuery() {
  return useQuery(ordersQueryOptions());
}
