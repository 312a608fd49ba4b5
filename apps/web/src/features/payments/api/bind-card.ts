import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bindCard } from '@evcharge/api/payments/cards';
import { apiRequest } from '@/lib/api-client';
import { paymentKeys } from '@/lib/money-keys';

// POST /cards/bind: answers the acquirer's page to open, or PHONE_NOT_CONFIRMED (SPEC §5).
export function useBindCardMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(bindCard, { body: {} }),
    onSuccess: (result) => {
      if (!result.redirectUrl) void client.invalidateQueries({ queryKey: paymentKeys.cards });
    },
  });
}
