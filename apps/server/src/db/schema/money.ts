import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  orderTypeValues,
  paymentStatusValues,
  receiptItemCodeValues,
  receiptKindValues,
} from '@evcharge/api/payments/payment-schemas';
import { currencies, type Currency } from '@evcharge/domain/currency';
import { createdAt, minor, oneOf, tstz } from './columns';
import { chargingSessions, reservations } from './charging';
import { paymentCards } from './driver';
import { shopOrders } from './shop';
import { companies, users } from './users';

// DESIGN.md Data: balances are sums of a double-entry ledger. Each transaction's postings sum
// to zero per currency; a deferred trigger in drizzle/0001_constraints.sql enforces it.

export const ledgerAccountKinds = [
  'user_wallet',
  'company_wallet',
  'acquirer_clearing',
  'revenue',
  /**
   * SPEC §7 Loyalty: what partner programmes owe for the discounts their cards gave: a
   * session's revenue is its full cost, paid by the driver and by the programme.
   */
  'loyalty_discounts',
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    companyId: uuid('company_id').references(() => companies.id),
    currency: text('currency', { enum: currencies }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_owner_unique')
      .on(t.kind, t.userId, t.companyId, t.currency)
      .nullsNotDistinct(),
    // Lets postings reference (account, currency), so a posting's currency is its account's.
    unique('ledger_accounts_id_currency_unique').on(t.id, t.currency),
    check('ledger_accounts_kind_check', oneOf(t.kind, ledgerAccountKinds)),
    check('ledger_accounts_currency_check', oneOf(t.currency, currencies)),
    check(
      'ledger_accounts_owner_check',
      sql`(${t.kind} = 'user_wallet') = (${t.userId} is not null) and (${t.kind} = 'company_wallet') = (${t.companyId} is not null)`,
    ),
  ],
);

export const ledgerTransactionKinds = [
  'top_up',
  'charge_payment',
  /** A session's cost taken from the card its hold was on. */
  'card_payment',
  /** A reservation's cost (SPEC §3): its fixed cost when it begins, its idle minutes at its end. */
  'reservation_payment',
  'debt_payment',
  'refund',
  'adjustment',
  /** SPEC §2 shop: an order's goods and delivery, from the wallet to revenue (reference: the order). */
  'shop_payment',
  /** SPEC §1 private stations: the owner's share of another driver's session on their station. */
  'owner_earning',
] as const;

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ledgerTransactionKinds }).notNull(),
    /** The external id (acquirer payment id, session id): DESIGN.md, credited once. */
    reference: text('reference'),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_transactions_reference_unique').on(t.kind, t.reference),
    check('ledger_transactions_kind_check', oneOf(t.kind, ledgerTransactionKinds)),
  ],
);

export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    /** Signed: positive adds to the account, negative takes from it. */
    amountMinor: minor('amount_minor').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_postings_account_fk',
      columns: [t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    index('ledger_postings_account_idx').on(t.accountId),
    index('ledger_postings_transaction_idx').on(t.transactionId),
    check('ledger_postings_non_zero_check', sql`${t.amountMinor} <> 0`),
  ],
);

/**
 * Every operation that goes through the acquirer, and the order types the driver sees
 * (SPEC §3 "Balance operation, with order type TopUpBalance"): a top-up, a debt payment, a
 * card binding, a session paid by card (hold, then capture) and a refund to a card.
 */
export const orderTypes = orderTypeValues;
export type OrderType = (typeof orderTypes)[number];
/**
 * pending: waits for the driver on the acquirer's page or for the acquirer's answer;
 * held: money held on the card (SessionPayment); succeeded: done (a hold captured);
 * failed: the acquirer declined (error_code); released: a hold let go without a capture.
 */
export const balanceOperationStatuses = paymentStatusValues;
export type BalanceOperationStatus = (typeof balanceOperationStatuses)[number];

export const balanceOperations = pgTable(
  'balance_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    companyId: uuid('company_id').references(() => companies.id),
    orderType: text('order_type', { enum: orderTypes }).notNull(),
    /** Asked for; a binding asks for nothing. A held SessionPayment: the hold. */
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    status: text('status', { enum: balanceOperationStatuses }).notNull().default('pending'),
    /** Null once the driver removed the card; receipts keep what they showed of it. */
    cardId: uuid('card_id').references(() => paymentCards.id, { onDelete: 'set null' }),
    /** Which acquirer took it (ACQUIRER), so a later call goes to the same one. */
    acquirer: text('acquirer'),
    acquirerPaymentId: text('acquirer_payment_id'),
    /** Sent with every call about it: the acquirer does a repeated call once. */
    idempotencyKey: text('idempotency_key').notNull(),
    errorCode: text('error_code'),
    sessionId: uuid('session_id').references(() => chargingSessions.id),
    /** A ReservationPayment: the reservation its card hold is for. */
    reservationId: uuid('reservation_id').references(() => reservations.id),
    /** A Refund: the top-up whose card gets the money back. */
    refundOfId: uuid('refund_of_id'),
    /** A ShopOrder: the shop order it pays. */
    shopOrderId: uuid('shop_order_id').references(() => shopOrders.id),
    /** Taken from the card in the end: a capture can be less than the hold. */
    capturedMinor: minor('captured_minor').notNull().default(0),
    /** Given back to the card by later refunds of this operation. */
    refundedMinor: minor('refunded_minor').notNull().default(0),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    completedAt: tstz('completed_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('balance_operations_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('balance_operations_payment_unique').on(t.acquirer, t.acquirerPaymentId),
    uniqueIndex('balance_operations_idempotency_unique').on(t.idempotencyKey),
    // One card payment per session, whatever retries happen.
    uniqueIndex('balance_operations_one_per_session')
      .on(t.sessionId)
      .where(sql`${t.orderType} = 'SessionPayment'`),
    uniqueIndex('balance_operations_one_per_reservation')
      .on(t.reservationId)
      .where(sql`${t.orderType} = 'ReservationPayment'`),
    // One payment per shop order, and a shop order's payment names its order.
    uniqueIndex('balance_operations_one_per_shop_order')
      .on(t.shopOrderId)
      .where(sql`${t.orderType} = 'ShopOrder'`),
    check(
      'balance_operations_shop_order_check',
      sql`(${t.orderType} = 'ShopOrder') = (${t.shopOrderId} is not null)`,
    ),
    foreignKey({
      name: 'balance_operations_refund_of_fk',
      columns: [t.refundOfId],
      foreignColumns: [t.id],
    }),
    check(
      'balance_operations_amount_check',
      sql`${t.amountMinor} > 0 or (${t.orderType} = 'CardBinding' and ${t.amountMinor} = 0)`,
    ),
    check(
      'balance_operations_money_check',
      sql`${t.capturedMinor} >= 0 and ${t.refundedMinor} >= 0 and ${t.refundedMinor} <= greatest(${t.capturedMinor}, ${t.amountMinor})`,
    ),
    check('balance_operations_order_type_check', oneOf(t.orderType, orderTypes)),
    check('balance_operations_status_check', oneOf(t.status, balanceOperationStatuses)),
    check('balance_operations_currency_check', oneOf(t.currency, currencies)),
  ],
);

export const receiptKinds = receiptKindValues;
export type ReceiptKind = (typeof receiptKinds)[number];

/** What a receipt line is, so the web and the PDF can name it in the reader's language. */
export const receiptItemCodes = receiptItemCodeValues;
export type ReceiptItemCode = (typeof receiptItemCodes)[number];

/** One line of a receipt: amounts in minor units, VAT included in `amountMinor`. */
export type ReceiptItem = {
  code: ReceiptItemCode;
  title: string;
  quantity: number;
  unit: 'kWh' | 'min' | 'pcs';
  unitPriceMinor: number;
  amountMinor: number;
  vatRatePercent: number | null;
  /** The VAT inside this line's amountMinor. */
  vatMinor: number;
};
/** The seller as the brand config names it when the receipt was issued. */
export type ReceiptSeller = { name: string; taxId: string; address: string; email: string };
export type ReceiptPayment = { method: 'balance' | 'card'; cardLast4?: string; cardBrand?: string };
/**
 * SPEC §3 currencies: a receipt paid from a wallet of another currency than the station's
 * prices: what it came to in the station's currency and the brand's rate it was paid at.
 */
export type ReceiptExchange = { currency: Currency; amountMinor: number; rate: string };

export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique('receipts_number_unique'),
    kind: text('kind', { enum: receiptKinds }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    sessionId: uuid('session_id').references(() => chargingSessions.id),
    reservationId: uuid('reservation_id').references(() => reservations.id),
    balanceOperationId: uuid('balance_operation_id').references(() => balanceOperations.id),
    shopOrderId: uuid('shop_order_id').references(() => shopOrders.id),
    amountMinor: minor('amount_minor').notNull(),
    /** The VAT inside amountMinor. */
    vatMinor: minor('vat_minor').notNull().default(0),
    currency: text('currency', { enum: currencies }).notNull(),
    items: jsonb('items').$type<ReceiptItem[]>().notNull(),
    seller: jsonb('seller').$type<ReceiptSeller>().notNull(),
    payment: jsonb('payment').$type<ReceiptPayment>().notNull(),
    exchange: jsonb('exchange').$type<ReceiptExchange>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('receipts_user_idx').on(t.userId, t.createdAt),
    // Issued once per thing paid, whichever path gets there first.
    uniqueIndex('receipts_one_per_session')
      .on(t.sessionId)
      .where(sql`${t.kind} = 'session'`),
    // A closed session is corrected once, by the StopTransaction that came late.
    uniqueIndex('receipts_one_adjustment_per_session')
      .on(t.sessionId)
      .where(sql`${t.kind} = 'session_adjustment'`),
    // The owner's statement of what a session on their private station earned, once.
    uniqueIndex('receipts_one_earning_per_session')
      .on(t.sessionId)
      .where(sql`${t.kind} = 'station_earning'`),
    uniqueIndex('receipts_one_per_reservation')
      .on(t.reservationId)
      .where(sql`${t.kind} = 'reservation'`),
    uniqueIndex('receipts_one_per_operation').on(t.balanceOperationId),
    uniqueIndex('receipts_one_per_shop_order').on(t.shopOrderId),
    check('receipts_kind_check', oneOf(t.kind, receiptKinds)),
    check('receipts_currency_check', oneOf(t.currency, currencies)),
    check('receipts_amount_check', sql`${t.amountMinor} >= 0 and ${t.vatMinor} >= 0`),
    check(
      'receipts_subject_check',
      sql`${t.sessionId} is not null or ${t.reservationId} is not null or ${t.balanceOperationId} is not null or ${t.shopOrderId} is not null`,
    ),
  ],
);
