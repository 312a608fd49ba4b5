import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createShopOrder, type CreateShopOrderBody } from '@evcharge/api/shop/shop';
import { apiRequest } from '@/lib/api-client';
import { useIntentKey } from '@/lib/intent-key';
import { refreshMoney } from '@/lib/money-keys';
import { shopKeys } from './shop-keys';

// POST /shop/orders: places the order and pays it (the balance, the default card, or the
// bank's page); one Idempotency-Key per intent, so a double tap pays once.
export function useCreateOrderMutation() {
  const client = useQueryClient();
  const intent = useIntentKey();
  return useMutation({
    mutationFn: (body: CreateShopOrderBody) =>
      apiRequest(createShopOrder, { body, idempotencyKey: intent.keyFor(body) }),
    onSettled: (_data, error) => {
      intent.settled(error);
      void client.invalidateQueries({ queryKey: shopKeys.orders });
      return refreshMoney(client);
    },
  });
}
