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
    isActive: boolean('is_active').notNull().default(true),
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

export const loyaltyCompanies = pgTable('loyalty_companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique('loyalty_companies_name_unique'),
  createdAt: createdAt(),
});

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
    createdAt: createdAt(),
  },
  (t) => [
    index('loyalty_cards_user_idx').on(t.userId),
    uniqueIndex('loyalty_cards_number_unique').on(t.loyaltyCompanyId, t.number),
  ],
);
