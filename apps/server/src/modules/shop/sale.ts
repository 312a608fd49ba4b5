import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import type { Db } from '../../db/client';
import { postTransaction, type Posting } from '../ledger';
import { issueShopOrderReceipt, type ShopOrderReceiptFacts } from '../receipts';
import { orderItems, type OrderRow } from './repo';

// An order's sale, whichever way it was paid: its total from the driver's wallet to revenue
// (a card's money came onto the wallet just before, in the same transaction), and its
// receipt. drizzle/0020_shop.sql holds at commit that a paid order has exactly this sale.

/** Posts the sale and issues the receipt, in the caller's transaction (`tx` only). */
export async function recordSale(
  tx: Db,
  brand: BrandConfig,
  order: OrderRow,
  payment: ShopOrderReceiptFacts['payment'],
): Promise<void> {
  const wallet: Posting['owner'] = { kind: 'user_wallet', userId: order.userId };
  await postTransaction(tx, {
    kind: 'shop_payment',
    reference: order.id,
    description: `Shop order ${order.number}`,
    currency: order.currency,
    postings: [
      { owner: wallet, amountMinor: -order.totalMinor },
      { owner: { kind: 'revenue' }, amountMinor: order.totalMinor },
    ],
  });
  const items = await orderItems(tx, order.id);
  await issueShopOrderReceipt(tx, brand, {
    shopOrderId: order.id,
    userId: order.userId,
    currency: order.currency,
    lines: items.map((item) => ({
      title: item.title[order.lang],
      quantity: item.quantity,
      priceMinor: item.priceMinor,
    })),
    deliveryMinor: order.deliveryMinor,
    payment,
  });
}
