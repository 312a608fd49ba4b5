import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { balanceOperations } from '../../db/schema/money';
import { receipts } from '../../db/schema/money';
import { shopOrderItems, shopOrders } from '../../db/schema/shop';

// The queries on shop orders (shop_orders, shop_order_items); reads for the API are scoped
// to the driver.

export type OrderRow = typeof shopOrders.$inferSelect;
export type OrderInsert = typeof shopOrders.$inferInsert;
export type OrderItemRow = typeof shopOrderItems.$inferSelect;

/** An order with its goods, its card payment's operation id and its receipt's id. */
export type OrderWithItems = OrderRow & {
  items: OrderItemRow[];
  operationId: string | null;
  receiptId: string | null;
};

export async function insertOrder(
  tx: Db,
  values: OrderInsert,
  items: Omit<typeof shopOrderItems.$inferInsert, 'orderId' | 'position'>[],
): Promise<OrderRow> {
  const [order] = await tx.insert(shopOrders).values(values).returning();
  if (!order) throw new Error('shop order insert returned nothing');
  await tx
    .insert(shopOrderItems)
    .values(items.map((item, position) => ({ ...item, orderId: order.id, position })));
  return order;
}

/** The order's row, locked until the transaction ends: one payment outcome at a time. */
export async function lockOrder(tx: Db, id: string): Promise<OrderRow | undefined> {
  const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, id)).for('update');
  return order;
}

/** An order waiting for its payment becomes paid or failed; answers whether it moved. */
export async function settleOrder(
  tx: Db,
  id: string,
  set: { status: 'paid'; paidAt: Date } | { status: 'failed' },
  now: Date,
): Promise<boolean> {
  const moved = await tx
    .update(shopOrders)
    .set({ ...set, updatedAt: now })
    .where(and(eq(shopOrders.id, id), eq(shopOrders.status, 'awaitingPayment')))
    .returning({ id: shopOrders.id });
  return moved.length > 0;
}

export async function orderItems(db: Db, orderId: string): Promise<OrderItemRow[]> {
  return db
    .select()
    .from(shopOrderItems)
    .where(eq(shopOrderItems.orderId, orderId))
    .orderBy(asc(shopOrderItems.position));
}

async function withDetails(db: Db, orders: OrderRow[]): Promise<OrderWithItems[]> {
  if (orders.length === 0) return [];
  const ids = orders.map((order) => order.id);
  const [items, operations, receiptRows] = await Promise.all([
    db
      .select()
      .from(shopOrderItems)
      .where(inArray(shopOrderItems.orderId, ids))
      .orderBy(asc(shopOrderItems.position)),
    db
      .select({ id: balanceOperations.id, orderId: balanceOperations.shopOrderId })
      .from(balanceOperations)
      .where(
        and(eq(balanceOperations.orderType, 'ShopOrder'), inArray(balanceOperations.shopOrderId, ids)),
      ),
    db
      .select({ id: receipts.id, orderId: receipts.shopOrderId })
      .from(receipts)
      .where(inArray(receipts.shopOrderId, ids)),
  ]);
  return orders.map((order) => ({
    ...order,
    items: items.filter((item) => item.orderId === order.id),
    operationId: operations.find((operation) => operation.orderId === order.id)?.id ?? null,
    receiptId: receiptRows.find((receipt) => receipt.orderId === order.id)?.id ?? null,
  }));
}

/** One order of the driver's (another driver's is not found). */
export async function userOrder(
  db: Db,
  userId: string,
  id: string,
): Promise<OrderWithItems | undefined> {
  const [order] = await db
    .select()
    .from(shopOrders)
    .where(and(eq(shopOrders.id, id), eq(shopOrders.userId, userId)));
  return order ? (await withDetails(db, [order]))[0] : undefined;
}

/** The driver's orders, newest first, a page of them and how many there are. */
export async function userOrders(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<{ orders: OrderWithItems[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.userId, userId))
      .orderBy(desc(shopOrders.createdAt), desc(shopOrders.number))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(shopOrders).where(eq(shopOrders.userId, userId)),
  ]);
  return { orders: await withDetails(db, rows), total: total?.n ?? 0 };
}
