import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, oneOf, tstz } from './columns';
import { users } from './users';
import { cardStatuses } from '@evcharge/domain/payments';
import { loyaltyBarcodes, loyaltyCheckDigits } from '@evcharge/domain/loyalty';

// The driver's own things (SPEC §3). Every query on them is scoped by user_id.

export const cars = pgTable(
  'cars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    vin: text('vin'),
    socPercent: integer('soc_percent'),
    batteryTemperatureC: integer('battery_temperature_c'),
    rangeKm: integer('range_km'),
    /** The catalogue model the driver picked (domain/car-catalogue.ts), if any. */
    catalogueId: text('catalogue_id'),
    /** From the car catalogue: the estimate before a start uses them when known. */
    batteryKwh: doublePrecision('battery_kwh'),
    maxAcKw: doublePrecision('max_ac_kw'),
    maxDcKw: doublePrecision('max_dc_kw'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cars_user_idx').on(t.userId),
    // SPEC §5: a VIN has 17 characters (ISO 3779 alphabet: no I, O, Q).
    check('cars_vin_check', sql`${t.vin} is null or ${t.vin} ~ '^[A-HJ-NPR-Z0-9]{17}$'`),
    check('cars_soc_check', sql`${t.socPercent} is null or ${t.socPercent} between 0 and 100`),
  ],
);

export { cardStatuses };

/** DESIGN.md Security: card numbers never reach us; the acquirer's token stands for the card. */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    acquirer: text('acquirer').notNull(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    bank: text('bank'),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    status: text('status', { enum: cardStatuses }).notNull().default('processing'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_cards_user_idx').on(t.userId),
    uniqueIndex('payment_cards_token_unique').on(t.acquirer, t.token),
    uniqueIndex('payment_cards_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('payment_cards_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_cards_exp_month_check', sql`${t.expMonth} between 1 and 12`),
    check('payment_cards_status_check', oneOf(t.status, cardStatuses)),
  ],
);

export const rfidTags = pgTable(
  'rfid_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The idTag the reader sends (OCPP IdToken, up to 20 characters). */
    uid: text('uid').notNull(),
    name: text('name'),
    /** False once the driver deleted it: it starts nothing, and its number may be bound again. */
    isActive: boolean('is_active').notNull().default(true),
    /** Blocked by the driver (a lost card): the station is told Blocked until unblocked. */
    isBlocked: boolean('is_blocked').notNull().default(false),
    /** When it last started a session. */
    lastUsedAt: tstz('last_used_at'),
    deletedAt: tstz('deleted_at'),
    /** When it last changed (bound, blocked, unblocked, renamed, deleted): OCPI Token last_updated. */
    updatedAt: tstz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    createdAt: createdAt(),
  },
  (t) => [
    index('rfid_tags_user_idx').on(t.userId),
    // SPEC §8: a tag already linked cannot be linked again.
    uniqueIndex('rfid_tags_uid_active_unique')
      .on(t.uid)
      .where(sql`${t.isActive}`),
    check('rfid_tags_uid_check', sql`length(${t.uid}) between 1 and 20`),
  ],
);

/**
 * SPEC §7 Loyalty: a partner's programme, the card numbers it issues (length, prefix, check
 * digit) and what a card gives at the brand's own stations (domain/loyalty.ts).
 */
export const loyaltyCompanies = pgTable(
  'loyalty_companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique('loyalty_companies_name_unique'),
    logoUrl: text('logo_url'),
    color: text('color').notNull().default('#1f4fd8'),
    textColor: text('text_color').notNull().default('#ffffff'),
    numberLength: integer('number_length').notNull().default(13),
    numberPrefix: text('number_prefix').notNull().default(''),
    checkDigit: text('check_digit', { enum: loyaltyCheckDigits }).notNull().default('none'),
    barcode: text('barcode', { enum: loyaltyBarcodes }).notNull().default('code128'),
    benefitKind: text('benefit_kind', { enum: ['discount', 'points'] })
      .notNull()
      .default('discount'),
    discountPercent: doublePrecision('discount_percent'),
    pointsPerKwh: doublePrecision('points_per_kwh'),
    /** Offered to drivers; a programme that ended keeps its cards' history. */
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('loyalty_companies_length_check', sql`${t.numberLength} between 4 and 32`),
    check('loyalty_companies_check_digit_check', oneOf(t.checkDigit, loyaltyCheckDigits)),
    check('loyalty_companies_barcode_check', oneOf(t.barcode, loyaltyBarcodes)),
    check(
      'loyalty_companies_benefit_check',
      sql`(${t.benefitKind} = 'discount' and ${t.discountPercent} > 0 and ${t.discountPercent} <= 100)
        or (${t.benefitKind} = 'points' and ${t.pointsPerKwh} > 0)`,
    ),
  ],
);

export const loyaltyCards = pgTable(
  'loyalty_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loyaltyCompanyId: uuid('loyalty_company_id')
      .notNull()
      .references(() => loyaltyCompanies.id),
    number: text('number').notNull(),
    name: text('name'),
    /** Points collected on a points programme's card (domain/loyalty.ts loyaltyPoints). */
    points: integer('points').notNull().default(0),
    /** Used for every session unless the driver picks another at the start. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('loyalty_cards_user_idx').on(t.userId),
    // SPEC §7: a card is added once, by one driver.
    uniqueIndex('loyalty_cards_number_unique').on(t.loyaltyCompanyId, t.number),
    uniqueIndex('loyalty_cards_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
    check('loyalty_cards_points_check', sql`${t.points} >= 0`),
  ],
);
