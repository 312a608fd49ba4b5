import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractResponse } from '@evcharge/api/contract';
import { getBalance } from '@evcharge/api/payments/balance';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys, paymentStaleTime } from './payment-keys';

// GET /balance: the balance or the debt, and what a top-up or a refund may be now.
export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.balance,
    queryFn: ({ signal }) => apiRequest(getBalance, { signal }),
    staleTime: paymentStaleTime.balance,
  });

export function useBalanceQuery() {
  return useQuery(balanceQueryOptions());
}

export type Balance = ContractResponse<typeof getBalance>;
