import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refundBalance } from '@evcharge/api/payments/balance';
import { apiRequest } from '@/lib/api-client';
import { refreshMoney } from './payment-keys';

// POST /balance/refund: (part of) the balance back to the cards its top-ups came from.
export function useRefundMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (amountMinor: number) => apiRequest(refundBalance, { body: { amountMinor } }),
    onSettled: () => refreshMoney(client),
  });
}
