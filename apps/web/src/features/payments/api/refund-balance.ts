import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundBalance } from '@evcharge/api/payments/balance';
import { apiRequest } from '@/lib/api-client';
import { useIntentKey } from '@/lib/intent-key';
import { refreshMoney } from '@/lib/money-keys';

// POST /balance/refund: (part of) the balance back to the cards its top-ups came from.
export function useRefundMutation() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (amountMinor: number) =>
      apiRequest(refundBalance, { body: { amountMinor }, idempotencyKey: intent.keyFor(amountMinor) }),
    onSettled: (_data, error) => {
      intent.settled(error);
      return refreshMoney(client);
    },
  });
}
