import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractBody } from '@evcharge/api/contract';
import { topUpBalance } from '@evcharge/api/payments/balance';
import { apiRequest } from '@/lib/api-client';
import { useIntentKey } from '@/lib/intent-key';
import { refreshMoney } from '@/lib/money-keys';

export type TopUpBody = ContractBody<typeof topUpBalance>;

// POST /balance/topup (order type TopUpBalance): by a bound card, or on the acquirer's page.
export function useTopUpMutation() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (body: TopUpBody) => apiRequest(topUpBalance, { body, idempotencyKey: intent.keyFor(body) }),
    onSettled: (_data, error) => {
      intent.settled(error);
      return refreshMoney(client);
    },
  });
}
