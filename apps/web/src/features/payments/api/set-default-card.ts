import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card } from '@evcharge/api/payments/payment-schemas';
import { setDefaultCard } from '@evcharge/api/payments/cards';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from '@/lib/money-keys';

// PUT /cards/:id/default: one default at a time, shown at once and read again to be sure.
export function useSetDefaultCardMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(setDefaultCard, { params: { id } }),
    onSuccess: (card) => {
      client.setQueryData<Card[]>(paymentKeys.cards, (cards) =>
        cards?.map((each) => ({ ...each, isDefault: each.id === card.id })),
      );
      void client.invalidateQueries({ queryKey: paymentKeys.cards });
    },
  });
}
