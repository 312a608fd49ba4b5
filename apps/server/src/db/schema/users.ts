import { sql } from 'drizzle-orm';
import { staffRoles } from '@evcharge/domain/reviews';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
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
    /** Blocked by support (or deleted); wrong passwords lock for a while in login_lockouts. */
    isBlocked: boolean('is_blocked').notNull().default(false),
    /** Staff (SPEC §6): support answers the chat, moderators approve reviews; null for drivers. */
    staffRole: text('staff_role', { enum: staffRoles }),
    /**
     * The brand the account was made under (SPEC §1: the host's at sign-up, brand/resolve.ts):
     * receipts, mail and payment descriptions for it carry that brand. Null: the deployment's
     * (accounts from before one server served several brands).
     */
    brand: text('brand'),
    privacyPolicyVersion: text('privacy_policy_version'),
    privacyPolicyAcceptedAt: tstz('privacy_policy_accepted_at'),
    createdAt: createdAt(),
    deletedAt: tstz('deleted_at'),
    /** When the row last changed (blocked, deleted…): OCPI Token last_updated of the driver's tokens. */
    updatedAt: tstz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // OCPI 2.2.1 §12.2.2.2: a partner authorizes the driver's app token by its uid, the
    // driver's group tag (sessions id-tags.ts driverGroupTag, the same expression).
    index('users_group_tag_idx').on(
      sql`('D' || upper(left(encode(sha256(${t.id}::text::bytea), 'hex'), 19)))`,
    ),
    // A confirmed phone number belongs to one account; an unconfirmed one may be typed anywhere.
    uniqueIndex('users_confirmed_phone_unique')
      .on(t.phone)
      .where(sql`${t.isPhoneConfirmed} and ${t.deletedAt} is null`),
    // Sign-in looks e-mails up lower-cased; the database refuses any other spelling.
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_staff_role_check', oneOf(t.staffRole, staffRoles)),
    check('users_brand_check', sql`${t.brand} ~ '^[a-z][a-z0-9-]{0,31}$'`),
    check('users_lang_check', oneOf(t.lang, languages)),
    check('users_account_type_check', oneOf(t.accountType, accountTypes)),
    check('users_currency_check', oneOf(t.currency, currencies)),
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

/**
 * Wrong passwords per login (OWASP ASVS 2.2.1): keyed by a hash of the lower-cased e-mail, so an
 * unknown address counts and locks exactly as a known one. A lock ends at locked_until; each
 * new lock of the same login lasts longer (modules/auth/lockout.ts).
 */
export const loginLockouts = pgTable(
  'login_lockouts',
  {
    loginHash: text('login_hash').primaryKey(),
    failedCount: integer('failed_count').notNull().default(0),
    lockCount: integer('lock_count').notNull().default(0),
    lockedUntil: tstz('locked_until'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('login_lockouts_failed_count_check', sql`${t.failedCount} >= 0`),
    check('login_lockouts_lock_count_check', sql`${t.lockCount} >= 0`),
  ],
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

export const phoneChannels = ['sms', 'call', 'qr'] as const;
export type PhoneChannel = (typeof phoneChannels)[number];

/**
 * Phone confirmations (SPEC §5): an SMS code, the last 4 digits of an incoming call's number,
 * or a QR code that makes the phone send us an SMS. Only the code's hash is stored; a row
 * works once, until it expires or has had too many wrong codes. The rows also count the
 * sends per phone and per account for the rate limit.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164, as the user typed it after normalising: +79991234567. */
    phone: text('phone').notNull(),
    channel: text('channel', { enum: phoneChannels }).notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('phone_verifications_user_idx').on(t.userId, t.createdAt),
    index('phone_verifications_phone_idx').on(t.phone, t.createdAt),
    check('phone_verifications_channel_check', oneOf(t.channel, phoneChannels)),
    check('phone_verifications_phone_check', sql`${t.phone} ~ '^\\+[0-9]{8,15}$'`),
  ],
);

/** Every acceptance of a privacy-policy version, kept as a record (the user row has the last). */
export const policyAcceptances = pgTable(
  'policy_acceptances',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    acceptedAt: tstz('accepted_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.version] })],
);
