import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractBody } from '@evcharge/api/contract';
import { createLoyaltyCard, type LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { apiRequest } from '@/lib/api-client';
import { loyaltyCardsQueryKey } from '@/lib/loyalty-query';
import { withDefault } from './card-list';

export type CreateLoyaltyBody = ContractBody<typeof createLoyaltyCard>;

// POST /loyalty: the new card joins the list at once (the only default if it is one); the list
// is read again to be sure.
export function useCreateLoyaltyCardMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateLoyaltyBody) => apiRequest(createLoyaltyCard, { body }),
    onSuccess: (card) => {
      client.setQueryData<LoyaltyCard[]>(loyaltyCardsQueryKey, (cards) => (cards ? withDefault([...cards, card], card) : cards));
      void client.invalidateQueries({ queryKey: loyaltyCardsQueryKey });
    },
  });
}
