import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card } from '@evcharge/api/payments/payment-schemas';
import { deleteCard } from '@evcharge/api/payments/cards';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { paymentKeys } from '@/lib/money-keys';

async function deleteCardRequest(id: string): Promise<void> {
  try {
    await apiRequest(deleteCard, { params: { id } });
  } catch (error) {
    // Gone already (another tab): what the driver asked for is true.
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}

// DELETE /cards/:id, after the driver confirmed it.
export function useDeleteCardMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCardRequest,
    onSuccess: (_answer, id) => {
      client.setQueryData<Card[]>(paymentKeys.cards, (cards) => cards?.filter((card) => card.id !== id));
      void client.invalidateQueries({ queryKey: paymentKeys.cards });
    },
  });
}
