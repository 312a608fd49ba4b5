import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BrandText } from '@evcharge/api/brand/get-brand';
import { shopItemKinds } from '@evcharge/api/brand/get-brand';
import { currencies } from '@evcharge/domain/currency';
import { languages } from '@evcharge/domain/constants';
import { shopOrderStatuses, shopPaymentMethods, type ShopDelivery } from '@evcharge/domain/shop';
import { createdAt, minor, oneOf, tstz } from './columns';
import { users } from './users';

export { shopOrderStatuses, shopPaymentMethods };

/** Who the goods go to, as the driver typed it (normalised: the phone in E.164). */
export type ShopOrderDelivery = Omit<ShopDelivery, 'comment'> & { comment: string | null };

/**
 * SPEC §2 shop: a driver's order of the brand's goods. Its sums are captured when it is placed
 * (the catalogue may change afterwards); it is paid from the balance at once (a `shop_payment`
 * ledger transaction referencing the order), or by card through a `ShopOrder` operation
 * (balance_operations.shop_order_id) that pays it when the acquirer says so.
 */
export const shopOrders = pgTable(
  'shop_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The number people read (support, the courier). */
    number: integer('number').notNull().unique('shop_orders_number_unique').generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The brand whose catalogue it was ordered from; its seller is on the receipt. */
    brandId: text('brand_id').notNull(),
    /** The language the driver ordered in: the receipt names the goods in it. */
    lang: text('lang', { enum: languages }).notNull(),
    status: text('status', { enum: shopOrderStatuses }).notNull(),
    paymentMethod: text('payment_method', { enum: shopPaymentMethods }).notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    subtotalMinor: minor('subtotal_minor').notNull(),
    deliveryMinor: minor('delivery_minor').notNull(),
    totalMinor: minor('total_minor').notNull(),
    /** Null once the driver deleted the account (SPEC §4): the sale stays, the address goes. */
    delivery: jsonb('delivery').$type<ShopOrderDelivery>(),
    paidAt: tstz('paid_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('shop_orders_user_idx').on(t.userId, t.createdAt),
    check('shop_orders_status_check', oneOf(t.status, shopOrderStatuses)),
    check('shop_orders_payment_method_check', oneOf(t.paymentMethod, shopPaymentMethods)),
    check('shop_orders_currency_check', oneOf(t.currency, currencies)),
    check('shop_orders_lang_check', oneOf(t.lang, languages)),
    check(
      'shop_orders_sums_check',
      sql`${t.subtotalMinor} > 0 and ${t.deliveryMinor} >= 0 and ${t.totalMinor} = ${t.subtotalMinor} + ${t.deliveryMinor}`,
    ),
    // Paid exactly when it says when; from the balance an order is paid when it is placed.
    check('shop_orders_paid_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
    check(
      'shop_orders_balance_paid_check',
      sql`${t.paymentMethod} <> 'balance' or ${t.status} = 'paid'`,
    ),
  ],
);

/** The goods of an order, each at its price when the order was placed. */
export const shopOrderItems = pgTable(
  'shop_order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => shopOrders.id),
    /** The line's place in the order, from 0. */
    position: integer('position').notNull(),
    /** The catalogue's id of the good (brand config `shop.items[].id`). */
    itemId: text('item_id').notNull(),
    kind: text('kind', { enum: shopItemKinds }).notNull(),
    title: jsonb('title').$type<BrandText>().notNull(),
    imageUrl: text('image_url').notNull(),
    quantity: integer('quantity').notNull(),
    priceMinor: minor('price_minor').notNull(),
    amountMinor: minor('amount_minor').notNull(),
  },
  (t) => [
    primaryKey({ name: 'shop_order_items_pk', columns: [t.orderId, t.position] }),
    unique('shop_order_items_item_unique').on(t.orderId, t.itemId),
    check('shop_order_items_kind_check', oneOf(t.kind, shopItemKinds)),
    check(
      'shop_order_items_amount_check',
      sql`${t.quantity} > 0 and ${t.priceMinor} > 0 and ${t.amountMinor} = ${t.quantity} * ${t.priceMinor}`,
    ),
  ],
);
