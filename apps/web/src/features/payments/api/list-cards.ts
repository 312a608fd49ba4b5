import { queryOptions, useQuery } from '@tanstack/react-query';
import { listCards } from '@evcharge/api/payments/cards';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys, paymentStaleTime } from './payment-keys';

// GET /cards: the driver's bound cards, the default first.
export const cardsQueryOptions = () =>
  queryOptions({
    queryKey: paymentKeys.cards,
    queryFn: async ({ signal }) => (await apiRequest(listCards, { signal })).items,
    staleTime: paymentStaleTime.cards,
  });

export function useCardsQuery() {
  return useQuery(cardsQueryOptions());
}
