import { useEffect } from 'react';
import type { ShopOrder } from '@evcharge/api/shop/shop';
import { updateCart, useCart } from './cart-store';

/**
 * The cart an order was placed from empties once that order is paid (the driver may come back
 * from the bank's page anywhere); a failed order lets the cart go on as it was.
 */
export function useSettleCart(owner: string, order: Pick<ShopOrder, 'id' | 'status'> | undefined): void {
  const awaitingOrderId = useCart(owner).awaitingOrderId;
  const id = order?.id;
  const status = order?.status;
  useEffect(() => {
    if (!id || id !== awaitingOrderId || status === 'awaitingPayment') return;
    updateCart(owner, (cart) => ({ ...cart, lines: status === 'paid' ? [] : cart.lines, awaitingOrderId: null }));
  }, [owner, id, status, awaitingOrderId]);
}
