import { z } from 'zod';
import { phoneSchema } from './phone';
import { nameSchema, requiredText, rule } from './validation';

// SPEC §2 shop: the brand's goods ordered with delivery and paid from the balance, by the
// bound card or by a card typed on the acquirer's page. Pure rules shared by the web's cart
// and the server's order.

/**
 * awaitingPayment: the acquirer has not answered yet (the driver is on its page); paid: the
 * money is taken and the receipt issued; failed: the payment was declined, nothing was taken.
 */
export const shopOrderStatuses = ['awaitingPayment', 'paid', 'failed'] as const;
export type ShopOrderStatus = (typeof shopOrderStatuses)[number];

/** From the balance, by the driver's default bound card, or by a card typed on the bank's page. */
export const shopPaymentMethods = ['balance', 'boundCard', 'oneTimeCard'] as const;
export type ShopPaymentMethod = (typeof shopPaymentMethods)[number];

/** At most this many different goods in one order (a catalogue is a handful of goods). */
export const SHOP_MAX_LINES = 20;
export const DELIVERY_COMMENT_MAX = 500;

/** One line of an order: a price in minor units and how many. */
export type ShopLine = { priceMinor: number; quantity: number };

export type ShopTotals = { subtotalMinor: number; deliveryMinor: number; totalMinor: number };

/** An order's sums: the goods, the delivery (one per order), and both together. */
export function shopTotals(lines: readonly ShopLine[], deliveryMinor: number): ShopTotals {
  const subtotalMinor = lines.reduce((sum, line) => sum + line.priceMinor * line.quantity, 0);
  return { subtotalMinor, deliveryMinor, totalMinor: subtotalMinor + deliveryMinor };
}

/** A quantity the cart may hold of a good: from 1 up to its most per order. */
export function clampQuantity(quantity: number, maxPerOrder: number): number {
  if (!Number.isFinite(quantity)) return 1;
  return Math.min(Math.max(1, Math.trunc(quantity)), maxPerOrder);
}

/**
 * A postal code as the countries we serve write them: digits, Latin letters, a space or a
 * hyphen (123456, AZ1000, LV-1050), with at least one digit.
 */
export const postcodeSchema = z
  .string({ error: rule.required })
  .trim()
  .min(1, { error: rule.required, abort: true })
  .max(12, { error: rule.postcode })
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}[A-Za-z0-9]$/, { error: rule.postcode })
  .regex(/\d/, { error: rule.postcode })
  .transform((value) => value.toUpperCase());

/** Where the goods go and to whom; the comment is for the courier. */
export const shopDeliverySchema = z.object({
  name: nameSchema,
  phone: phoneSchema,
  city: requiredText(80),
  address: requiredText(200),
  postcode: postcodeSchema,
  comment: z
    .string({ error: rule.invalid })
    .trim()
    .max(DELIVERY_COMMENT_MAX, { error: rule.tooLong })
    .optional(),
});
export type ShopDelivery = z.output<typeof shopDeliverySchema>;
export type ShopDeliveryInput = z.input<typeof shopDeliverySchema>;
