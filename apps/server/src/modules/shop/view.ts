import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import type { ShopOrder } from '@evcharge/api/shop/shop';
import type { OrderWithItems } from './repo';

/** An order as the API shows it, with its card payment as payments shows it (or null). */
export function orderView(order: OrderWithItems, payment: PaymentResult | null): ShopOrder {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    paymentMethod: order.paymentMethod,
    currency: order.currency,
    items: order.items.map((item) => ({
      itemId: item.itemId,
      kind: item.kind,
      title: item.title,
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      priceMinor: item.priceMinor,
      amountMinor: item.amountMinor,
    })),
    subtotalMinor: order.subtotalMinor,
    deliveryMinor: order.deliveryMinor,
    totalMinor: order.totalMinor,
    delivery: order.delivery,
    payment,
    receiptId: order.receiptId,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
  };
}
