import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractBody } from '@evcharge/api/contract';
import { updateLoyaltyCard, type LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { apiRequest } from '@/lib/api-client';
import { loyaltyCardsQueryKey } from '@/lib/loyalty-query';
import { withDefault } from './card-list';

export type UpdateLoyaltyBody = ContractBody<typeof updateLoyaltyCard>;

// PUT /loyalty/{Id}: rename a card, replace its number or make it the default.
export function useUpdateLoyaltyCardMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateLoyaltyBody }) => apiRequest(updateLoyaltyCard, { params: { Id: id }, body }),
    onSuccess: (card) => {
      client.setQueryData<LoyaltyCard[]>(loyaltyCardsQueryKey, (cards) =>
        cards ? withDefault(cards.map((item) => (item.id === card.id ? card : item)), card) : cards,
      );
      void client.invalidateQueries({ queryKey: loyaltyCardsQueryKey });
    },
  });
}
