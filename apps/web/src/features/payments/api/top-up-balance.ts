import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContractBody } from '@evcharge/api/contract';
import { topUpBalance } from '@evcharge/api/payments/balance';
import { apiRequest } from '@/lib/api-client';
import { refreshMoney } from './payment-keys';

export type TopUpBody = ContractBody<typeof topUpBalance>;

// POST /balance/topup (order type TopUpBalance): by a bound card, or on the acquirer's page.
export function useTopUpMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TopUpBody) => apiRequest(topUpBalance, { body }),
    onSettled: () => refreshMoney(client),
  });
}
