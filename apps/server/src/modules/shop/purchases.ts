import type { Purchases } from '../payments';
import { shopBrand } from './brand';
import { lockOrder, settleOrder } from './repo';
import { recordSale } from './sale';

// The shop's side of a payment by card (payments' Purchases port, wired in app.ts): when the
// acquirer's answer ends a ShopOrder operation (the bank's page, the notification, the return
// to /callback, the sweep, whichever is first), its order is paid or failed in the same
// transaction, once: the order's row is locked and only an order still awaiting moves.

export const shopPurchases: Purchases = {
  async paid({ deps, tx, operation, card }) {
    if (!operation.shopOrderId) throw new Error(`ShopOrder ${operation.id} names no order`);
    const order = await lockOrder(tx, operation.shopOrderId);
    if (!order || order.status !== 'awaitingPayment') return;
    const now = new Date();
    await settleOrder(tx, order.id, { status: 'paid', paidAt: now }, now);
    await recordSale(tx, shopBrand(deps, order), order, { method: 'card', cardId: operation.cardId, card });
  },
  async failed({ tx, operation }) {
    if (!operation.shopOrderId) throw new Error(`ShopOrder ${operation.id} names no order`);
    await settleOrder(tx, operation.shopOrderId, { status: 'failed' }, new Date());
  },
};
