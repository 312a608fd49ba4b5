import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { currencies } from '@evcharge/domain/currency';
import { createdAt, minor, oneOf, tstz } from './columns';

// The sandbox acquirer's own books (DESIGN.md Payments): it plays the bank, so it keeps what a
// bank keeps, apart from ours. Card numbers are not kept here either: a card is its token,
// its last 4 digits and the behaviour its test number stands for.

export const sandboxCards = pgTable(
  'sandbox_acquirer_cards',
  {
    token: text('token').primaryKey(),
    /** 'ok', or the ACQ code its operations end with; see the sandbox's test cards. */
    behaviour: text('behaviour').notNull(),
    brand: text('brand').notNull(),
    bank: text('bank').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    unbound: tstz('unbound_at'),
    createdAt: createdAt(),
  },
  (t) => [check('sandbox_acquirer_cards_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`)],
);

export const sandboxPaymentKinds = ['bind', 'pay', 'hold', 'refund'] as const;
export const sandboxPaymentStatuses = [
  /** Waits for the card page (and its 3-D Secure step). */
  'pending',
  'held',
  'succeeded',
  'failed',
  'released',
] as const;

export const sandboxPayments = pgTable(
  'sandbox_acquirer_payments',
  {
    id: text('id').primaryKey(),
    /** The merchant's idempotency key: a repeated request answers with the same payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    kind: text('kind', { enum: sandboxPaymentKinds }).notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    status: text('status', { enum: sandboxPaymentStatuses }).notNull(),
    description: text('description').notNull().default(''),
    cardToken: text('card_token'),
    /** Keep the card for later payments (binding, or "save the card" on a payment). */
    saveCard: integer('save_card').notNull().default(0),
    errorCode: text('error_code'),
    capturedMinor: minor('captured_minor').notNull().default(0),
    refundedMinor: minor('refunded_minor').notNull().default(0),
    /** A refund: the payment it gives money back from. */
    parentId: text('parent_id'),
    returnUrl: text('return_url'),
    callbackUrl: text('callback_url'),
    /** The 3-D Secure step: the card waiting for its one-time code. */
    challengeToken: text('challenge_token'),
    challengeTries: integer('challenge_tries').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_acquirer_payments_key_unique').on(t.idempotencyKey),
    index('sandbox_acquirer_payments_parent_idx').on(t.parentId),
    check('sandbox_acquirer_payments_kind_check', oneOf(t.kind, sandboxPaymentKinds)),
    check('sandbox_acquirer_payments_status_check', oneOf(t.status, sandboxPaymentStatuses)),
    check('sandbox_acquirer_payments_currency_check', oneOf(t.currency, currencies)),
    check('sandbox_acquirer_payments_amount_check', sql`${t.amountMinor} >= 0`),
  ],
);
