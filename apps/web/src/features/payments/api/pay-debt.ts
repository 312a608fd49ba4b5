import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractBody } from '@evcharge/api/contract';
import { payDebt } from '@evcharge/api/payments/balance';
import { apiRequest } from '@/lib/api-client';
import { useIntentKey } from '@/lib/intent-key';
import { refreshMoney } from '@/lib/money-keys';

export type PayDebtBody = ContractBody<typeof payDebt>;

// POST /debt/pay: the whole debt, by a bound card or on the acquirer's page (SPEC §8: debt
// blocks continuing, so a paid debt unblocks starting a session at once).
export function usePayDebtMutation() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (body: PayDebtBody) => apiRequest(payDebt, { body, idempotencyKey: intent.keyFor(body) }),
    onSettled: (_data, error) => {
      intent.settled(error);
      return refreshMoney(client);
    },
  });
}
