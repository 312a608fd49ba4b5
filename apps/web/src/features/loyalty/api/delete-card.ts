import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteLoyaltyCard, type LoyaltyCard } from '@evcharge/api/loyalty/loyalty';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { loyaltyCardsQueryKey } from '@/lib/loyalty-query';

async function deleteCardRequest(id: string): Promise<void> {
  try {
    await apiRequest(deleteLoyaltyCard, { params: { id } });
  } catch (error) {
    // Gone already (another tab): what the driver asked for is true.
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return;
    throw error;
  }
}

// DELETE /loyalty/{id}, after the driver confirmed it.
export function useDeleteLoyaltyCardMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCardRequest,
    onSuccess: (_answer, id) => {
      client.setQueryData<LoyaltyCard[]>(loyaltyCardsQueryKey, (cards) => cards?.filter((card) => card.id !== id));
      void client.invalidateQueries({ queryKey: loyaltyCardsQueryKey });
    },
  });
}
