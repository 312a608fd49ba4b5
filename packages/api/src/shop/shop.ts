import { z } from 'zod';
import { currencies } from '@evcharge/domain/currency';
import {
  SHOP_MAX_LINES,
  shopDeliverySchema,
  shopOrderStatuses,
  shopPaymentMethods,
} from '@evcharge/domain/shop';
import { rule } from '@evcharge/domain/validation';
import { brandTextSchema, shopItemKinds, shopItemSchema } from '../brand/get-brand';
import { defineContract } from '../contract';
import { numberedPageOf, pageQuerySchema } from '../paging';
import { paymentResultSchema } from '../payments/payment-schemas';

// SPEC §2 shop: the brand's goods (RFID fobs, cables, adapters, home charge points), ordered
// with delivery and paid from the balance, by the bound card or on the acquirer's page.

export const shopCatalogueSchema = z.object({
  /** The brand's currency: every price is in its minor units. */
  currency: z.enum(currencies),
  /** One delivery per order, whatever it holds. */
  deliveryMinor: z.number().int(),
  items: z.array(shopItemSchema),
});
export type ShopCatalogue = z.infer<typeof shopCatalogueSchema>;

export const shopOrderLineSchema = z.object({
  itemId: z.string(),
  kind: z.enum(shopItemKinds),
  /** The good's title in every language, as the catalogue had it when the order was placed. */
  title: brandTextSchema,
  imageUrl: z.string(),
  quantity: z.number().int(),
  /** The price when the order was placed, whatever the catalogue says now. */
  priceMinor: z.number().int(),
  amountMinor: z.number().int(),
});

export const shopOrderSchema = z.object({
  id: z.string(),
  /** The order's number for people (support, the courier). */
  number: z.number().int(),
  status: z.enum(shopOrderStatuses),
  paymentMethod: z.enum(shopPaymentMethods),
  currency: z.enum(currencies),
  items: z.array(shopOrderLineSchema),
  subtotalMinor: z.number().int(),
  deliveryMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** Null once the driver deleted the account: who the goods went to is not kept. */
  delivery: z
    .object({
      name: z.string(),
      phone: z.string(),
      city: z.string(),
      address: z.string(),
      postcode: z.string(),
      comment: z.string().nullable(),
    })
    .nullable(),
  /**
   * The payment through the acquirer (a card): its status, the bank's code of a decline, the
   * bank's page while it waits for the card; null for an order paid from the balance.
   */
  payment: paymentResultSchema.nullable(),
  receiptId: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type ShopOrder = z.infer<typeof shopOrderSchema>;

const orderLineInputSchema = z.object({
  itemId: z.string({ error: rule.invalid }).min(1, { error: rule.invalid }).max(60, { error: rule.invalid }),
  quantity: z
    .number({ error: rule.number })
    .int({ error: rule.invalid })
    .min(1, { error: rule.invalid })
    .max(100, { error: rule.invalid }),
});

export const createShopOrderBodySchema = z.object({
  items: z
    .array(orderLineInputSchema, { error: rule.invalid })
    .min(1, { error: rule.required })
    .max(SHOP_MAX_LINES, { error: rule.invalid })
    .refine((lines) => new Set(lines.map((line) => line.itemId)).size === lines.length, {
      error: rule.invalid,
    }),
  delivery: shopDeliverySchema,
  paymentMethod: z.enum(shopPaymentMethods, { error: rule.invalid }),
  /** With a one-time card: keep it bound afterwards (needs a confirmed phone). */
  saveCard: z.boolean().optional(),
});
export type CreateShopOrderBody = z.input<typeof createShopOrderBodySchema>;

const orderId = z.object({ id: z.uuid({ error: rule.invalid }) });

export const getShopCatalogue = defineContract({
  method: 'GET',
  path: '/api/shop/catalogue',
  auth: 'public',
  summary: "The brand's goods with their prices and the delivery's price",
  tags: ['shop'],
  response: shopCatalogueSchema,
});

export const createShopOrder = defineContract({
  method: 'POST',
  path: '/api/shop/orders',
  auth: 'user',
  summary:
    'Places an order and pays it: from the balance, by the default card, or on the acquirer’s page (redirectUrl)',
  tags: ['shop'],
  body: createShopOrderBodySchema,
  response: z.object({
    order: shopOrderSchema,
    /** Open the acquirer's page: the driver comes back to /callback. */
    redirectUrl: z.string().nullable(),
  }),
  status: 201,
  idempotent: true,
});

export const listShopOrders = defineContract({
  method: 'GET',
  path: '/api/shop/orders',
  auth: 'user',
  summary: "The driver's orders, newest first",
  tags: ['shop'],
  query: pageQuerySchema,
  response: numberedPageOf(shopOrderSchema),
});

export const getShopOrder = defineContract({
  method: 'GET',
  path: '/api/shop/orders/:id',
  auth: 'user',
  summary: 'One order; a payment still open is settled with the acquirer first',
  tags: ['shop'],
  params: orderId,
  response: shopOrderSchema,
});
