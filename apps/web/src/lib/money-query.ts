import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractResponse } from '@evcharge/api/contract';
import { getBalance } from '@evcharge/api/payments/balance';
import { listCards } from '@evcharge/api/payments/cards';
import { apiRequest } from './api-client';
import { paymentKeys, paymentStaleTime } from './money-keys';

// The driver's money as the money screens and the shop read it: the balance and the bound
// cards (their keys and the refresh after money moved: money-keys.ts). Shared here, since
// features do not import each other.

/** GET /cards: the driver's bound cards, the default first. */
export const cardsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.cards,
    queryFn: async ({ signal }) => (await apiRequest(listCards, { signal })).items,
    staleTime: paymentStaleTime.cards,
  });

export function useCardsQuery(enabled = true) {
  return useQuery({ ...cardsQueryOptions(), enabled });
}

/** GET /balance: the balance or the debt, and what a top-up or a refund may be now. */
export const balanceQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.balance,
    queryFn: ({ signal }) => apiRequest(getBalance, { signal }),
    staleTime: paymentStaleTime.balance,
  });

export function useBalanceQuery(enabled = true) {
  return useQuery({ ...balanceQueryOptions(), enabled });
}

export type Balance = ContractResponse<typeof getBalance>;
