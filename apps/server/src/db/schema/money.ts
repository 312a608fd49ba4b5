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
import { currencies } from '@evcharge/domain/currency';
import { createdAt, minor, oneOf, tstz } from './columns';
import { chargingSessions } from './charging';
import { paymentCards } from './driver';
import { companies, users } from './users';

// DESIGN.md Data: balances are sums of a double-entry ledger. Each transaction's postings sum
// to zero per currency; a deferred trigger in drizzle/0001_constraints.sql enforces it.

export const ledgerAccountKinds = [
  'user_wallet',
  'company_wallet',
  'acquirer_clearing',
  'revenue',
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

export const ledgerTransactionKinds = ['top_up', 'charge_payment', 'refund', 'adjustment'] as const;

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

export const orderTypes = ['TopUpBalance', 'PayDebt'] as const;
export const balanceOperationStatuses = ['pending', 'succeeded', 'failed'] as const;

export const balanceOperations = pgTable(
  'balance_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    companyId: uuid('company_id').references(() => companies.id),
    orderType: text('order_type', { enum: orderTypes }).notNull(),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    status: text('status', { enum: balanceOperationStatuses }).notNull().default('pending'),
    cardId: uuid('card_id').references(() => paymentCards.id),
    acquirerPaymentId: text('acquirer_payment_id'),
    errorCode: text('error_code'),
    ledgerTransactionId: uuid('ledger_transaction_id').references(() => ledgerTransactions.id),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('balance_operations_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('balance_operations_payment_unique').on(t.acquirerPaymentId),
    check('balance_operations_amount_check', sql`${t.amountMinor} > 0`),
    check('balance_operations_order_type_check', oneOf(t.orderType, orderTypes)),
    check('balance_operations_status_check', oneOf(t.status, balanceOperationStatuses)),
    check('balance_operations_currency_check', oneOf(t.currency, currencies)),
  ],
);

export type ReceiptItem = { title: string; quantity: number; amountMinor: number };

export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull().unique('receipts_number_unique'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    sessionId: uuid('session_id').references(() => chargingSessions.id),
    balanceOperationId: uuid('balance_operation_id').references(() => balanceOperations.id),
    amountMinor: minor('amount_minor').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    items: jsonb('items').$type<ReceiptItem[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('receipts_user_idx').on(t.userId, t.createdAt),
    check('receipts_currency_check', oneOf(t.currency, currencies)),
    check(
      'receipts_subject_check',
      sql`${t.sessionId} is not null or ${t.balanceOperationId} is not null`,
    ),
  ],
);
