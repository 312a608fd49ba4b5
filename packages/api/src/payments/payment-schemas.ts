import { z } from 'zod';
import { currencies } from '@evcharge/domain/currency';
import { cardStatuses } from '@evcharge/domain/payments';
import { amountMinorSchema, rule } from '@evcharge/domain/validation';

// SPEC §2 cards, balance: cards, the balance and its operations, payments through the acquirer, receipts.

export const cardSchema = z.object({
  id: z.string(),
  /** visa, mastercard, mir … as the acquirer names the scheme. */
  brand: z.string(),
  last4: z.string(),
  bank: z.string().nullable(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** SPEC §4: linked, being processed by the bank, blocked by the bank. */
  status: z.enum(cardStatuses),
  isDefault: z.boolean(),
});
export type Card = z.infer<typeof cardSchema>;

export const orderTypeValues = [
  'TopUpBalance',
  'PayDebt',
  'CardBinding',
  'SessionPayment',
  'Refund',
  /** A reservation paid by card: held when it is made, its cost captured when it ends. */
  'ReservationPayment',
  /** SPEC §2 shop: an order paid by the bound card or by a card typed on the acquirer's page. */
  'ShopOrder',
] as const;
export const paymentStatusValues = ['pending', 'held', 'succeeded', 'failed', 'released'] as const;

/**
 * What a payment request ended with. `pending` with `redirectUrl`: open the acquirer's page
 * (card details, 3-D Secure); the acquirer sends the browser back to /cardredirect after
 * binding a card, to /callback after a payment.
 */
export const paymentResultSchema = z.object({
  operationId: z.string(),
  orderType: z.enum(orderTypeValues),
  status: z.enum(paymentStatusValues),
  amountMinor: z.number().int(),
  currency: z.enum(currencies),
  redirectUrl: z.string().nullable(),
  /** ACQ1 … ACQ23 when the acquirer declined. */
  errorCode: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  receiptId: z.string().nullable(),
  /** The shop order a ShopOrder payment pays. */
  shopOrderId: z.string().nullable(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** Pay by a bound card (cardId), or by a card typed on the acquirer's page (no cardId). */
export const payWithSchema = z.object({
  cardId: z.uuid({ error: rule.invalid }).nullish(),
  /** With a one-time card: keep it bound afterwards. */
  saveCard: z.boolean().optional(),
});

export const topUpBodySchema = payWithSchema.extend({ amountMinor: amountMinorSchema });

export const balanceOperationTypes = [
  'TopUpBalance',
  'PayDebt',
  'SessionPayment',
  'Refund',
  /** A session paid from the balance. */
  'SessionCharge',
  'Adjustment',
  /** A reservation paid by card (its hold captured). */
  'ReservationPayment',
  /** A reservation paid from the balance. */
  'ReservationCharge',
  /** A shop order paid by card. */
  'ShopOrder',
  /** A shop order paid from the balance. */
  'ShopCharge',
  /** SPEC §1 private stations: what another driver's session on the owner's station earned. */
  'StationEarning',
] as const;

export const balanceOperationSchema = z.object({
  id: z.string(),
  type: z.enum(balanceOperationTypes),
  status: z.enum(paymentStatusValues),
  /** Always positive; `direction` says whether it came in or went out. */
  amountMinor: z.number().int(),
  direction: z.enum(['in', 'out']),
  currency: z.enum(currencies),
  errorCode: z.string().nullable(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** The session it paid for (its OCPP transactionId). */
  transactionId: z.number().int().nullable(),
  receiptId: z.string().nullable(),
  createdAt: z.string(),
});
export type BalanceOperation = z.infer<typeof balanceOperationSchema>;

export const receiptKindValues = [
  'session',
  'top_up',
  'reservation',
  'debt_payment',
  'refund',
  /** The bill of a closed session corrected by its charge point's late final meter reading. */
  'session_adjustment',
  /** SPEC §2 shop: the goods of an order and their delivery. */
  'shop_order',
  /** The owner's statement of a session on their private station: its cost less the platform's fee. */
  'station_earning',
] as const;

/** What a receipt line is: the web names it by this code, `title` is the English text. */
export const receiptItemCodeValues = [
  'energy',
  'charging_time',
  'parking',
  'start_fee',
  'first_consumption_fee',
  'reservation_fee',
  'minimum_charge',
  'session',
  /** session_adjustment: charged more, or returned, by the meter's final reading. */
  'session_extra',
  'session_returned',
  'top_up',
  'debt_payment',
  'refund',
  'reservation',
  /** SPEC §7 Loyalty: a programme's discount off the session's energy (a negative amount). */
  'loyalty_discount',
  /** SPEC §2 shop: a good, its `title` in the language the order was placed in. */
  'shop_item',
  'delivery',
  /** station_earning: what the driver's session on the owner's station cost, and the fee off it. */
  'station_session',
  'platform_fee',
  /** SPEC §1 roaming: our markup on a partner operator's price (its items are the lines above). */
  'roaming_fee',
] as const;
export type ReceiptItemCode = (typeof receiptItemCodeValues)[number];

export const receiptItemSchema = z.object({
  code: z.enum(receiptItemCodeValues),
  title: z.string(),
  /** kWh to 3 decimals, minutes to 2, pieces whole. */
  quantity: z.number(),
  unit: z.enum(['kWh', 'min', 'pcs']),
  unitPriceMinor: z.number().int(),
  /** VAT included. The items of a receipt sum exactly to its amountMinor. */
  amountMinor: z.number().int(),
  /** null: the seller is not a VAT payer. */
  vatRatePercent: z.number().nullable(),
  /** The VAT inside amountMinor. */
  vatMinor: z.number().int(),
});
export type ReceiptItem = z.infer<typeof receiptItemSchema>;

export const receiptSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(receiptKindValues),
  createdAt: z.string(),
  amountMinor: z.number().int(),
  /**
   * The VAT inside amountMinor, reckoned on the total: it may differ from the sum of the
   * items' vatMinor by a minor unit of rounding.
   */
  vatMinor: z.number().int(),
  vatRatePercent: z.number().nullable(),
  currency: z.enum(currencies),
  items: z.array(receiptItemSchema),
  seller: z.object({
    name: z.string(),
    taxId: z.string(),
    address: z.string(),
    email: z.string(),
  }),
  payment: z.object({
    method: z.enum(['balance', 'card']),
    cardLast4: z.string().optional(),
    cardBrand: z.string().optional(),
  }),
  /**
   * SPEC §3 currencies: paid from a wallet of another currency than the station's prices:
   * what it came to in the station's currency and the brand's rate (units of `currency` one
   * unit of that buys) it was paid at. Null: priced in `currency`.
   */
  exchange: z
    .object({ currency: z.enum(currencies), amountMinor: z.number().int(), rate: z.string() })
    .nullable(),
  /** The session paid (its OCPP transactionId) and where, for a session's receipt. */
  transactionId: z.number().int().nullable(),
  stationName: z.string().nullable(),
  /**
   * The clock `createdAt` is read on, as the PDF reads it: the station's UTC offset for a
   * session or reservation (its local time), else the account's brand's.
   */
  utcOffsetMinutes: z.number().int(),
});
export type Receipt = z.infer<typeof receiptSchema>;
