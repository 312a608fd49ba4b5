import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import type { ShopOrder } from '@evcharge/api/shop/shop';
import { AppError } from '@evcharge/domain/errors';
import { paymentAsItStands, paymentOf, type PaymentDeps } from '../payments';
import { userOrder, userOrders, type OrderWithItems } from './repo';
import { orderView } from './view';

// GET /api/shop/orders and GET /api/shop/orders/:id.

/**
 * One order of the driver's. One still awaiting its card payment is settled with the acquirer
 * first (as the return page does), so the driver back from the bank sees how it ended.
 */
export async function orderOf(deps: PaymentDeps, userId: string, id: string): Promise<ShopOrder> {
  const order = await userOrder(deps.db, userId, id);
  if (!order) throw new AppError('NOT_FOUND');
  if (!order.operationId) return orderView(order, null);
  const payment = await paymentOf(deps, userId, order.operationId);
  if (order.status !== 'awaitingPayment') return orderView(order, payment);
  const settled = await userOrder(deps.db, userId, id);
  if (!settled) throw new AppError('NOT_FOUND');
  return orderView(settled, payment);
}

/** One order of the driver's as it stands now (the acquirer is not asked). */
export async function orderAsItStands(
  deps: PaymentDeps,
  userId: string,
  id: string,
  payment?: PaymentResult,
): Promise<ShopOrder> {
  const order = await userOrder(deps.db, userId, id);
  if (!order) throw new AppError('NOT_FOUND');
  return orderView(order, await paymentAsStands(deps, userId, order, payment));
}

async function paymentAsStands(
  deps: PaymentDeps,
  userId: string,
  order: OrderWithItems,
  known?: PaymentResult,
) {
  if (!order.operationId) return null;
  return known ?? (await paymentAsItStands(deps, userId, order.operationId)) ?? null;
}

export async function ordersOf(
  deps: PaymentDeps,
  userId: string,
  page: { page: number; pageSize: number },
) {
  const { orders, total } = await userOrders(deps.db, userId, {
    offset: (page.page - 1) * page.pageSize,
    limit: page.pageSize,
  });
  const items = [];
  for (const order of orders) items.push(orderView(order, await paymentAsStands(deps, userId, order)));
  return { items, total, ...page };
}
