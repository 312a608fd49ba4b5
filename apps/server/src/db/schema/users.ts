import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountTypes, languages, notificationTypes } from '@evcharge/domain/constants';
import { currencies } from '@evcharge/domain/currency';
import { createdAt, oneOf, tstz } from './columns';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    notificationType: text('notification_type', { enum: notificationTypes })
      .notNull()
      .default('Email'),
    notificationContact: text('notification_contact'),
    createdAt: createdAt(),
  },
  (t) => [
    check('companies_currency_check', oneOf(t.currency, currencies)),
    check('companies_notification_type_check', oneOf(t.notificationType, notificationTypes)),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    surname: text('surname'),
    patronymic: text('patronymic'),
    email: text('email').notNull().unique('users_email_unique'),
    phone: text('phone'),
    isEmailConfirmed: boolean('is_email_confirmed').notNull().default(false),
    isPhoneConfirmed: boolean('is_phone_confirmed').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    lang: text('lang', { enum: languages }).notNull().default('ru'),
    accountType: text('account_type', { enum: accountTypes }).notNull().default('PERSONAL'),
    /** The company whose balance a CORPORATE profile uses (SPEC §6 multi-account). */
    activeCompanyId: uuid('active_company_id').references(() => companies.id),
    currency: text('currency', { enum: currencies }).notNull().default('rub'),
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    isBlocked: boolean('is_blocked').notNull().default(false),
    privacyPolicyVersion: text('privacy_policy_version'),
    privacyPolicyAcceptedAt: tstz('privacy_policy_accepted_at'),
    createdAt: createdAt(),
    deletedAt: tstz('deleted_at'),
  },
  (t) => [
    // Sign-in looks e-mails up lower-cased; the database refuses any other spelling.
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_lang_check', oneOf(t.lang, languages)),
    check('users_account_type_check', oneOf(t.accountType, accountTypes)),
    check('users_currency_check', oneOf(t.currency, currencies)),
    check('users_failed_login_count_check', sql`${t.failedLoginCount} >= 0`),
    check(
      'users_corporate_company_check',
      sql`${t.accountType} = 'PERSONAL' or ${t.activeCompanyId} is not null`,
    ),
  ],
);

export const companyMembers = pgTable(
  'company_members',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['owner', 'member'] })
      .notNull()
      .default('member'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId] }),
    index('company_members_user_idx').on(t.userId),
    check('company_members_role_check', oneOf(t.role, ['owner', 'member'])),
  ],
);

/** Opaque bearer tokens; only their SHA-256 is stored, so a database leak reveals none. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('access_tokens_token_hash_unique'),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at').notNull().defaultNow(),
    revokedAt: tstz('revoked_at'),
  },
  (t) => [index('access_tokens_user_idx').on(t.userId)],
);

export const oneTimePurposes = ['email_confirm', 'password_reset'] as const;
export type OneTimePurpose = (typeof oneTimePurposes)[number];

/** Mailed links (token) and codes; single use, with an expiry and a cap on wrong codes. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: oneTimePurposes }).notNull(),
    tokenHash: text('token_hash').notNull().unique('one_time_tokens_token_hash_unique'),
    codeHash: text('code_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose),
    check('one_time_tokens_purpose_check', oneOf(t.purpose, oneTimePurposes)),
  ],
);
