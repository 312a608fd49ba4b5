import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, minor, oneOf, tstz } from './columns';
import { stations, type Schedule } from './stations';

/**
 * SPEC §1, §6 station owner: a station a driver can add by its code and the secret printed
 * beside it (the operator registers it unclaimed: ocpp/register-cli.ts --private-secret), and
 * the owner's terms for other drivers (SPEC §2 schedule of a private station). Who owns it is
 * `stations.owner_user_id`; the rule of who may use it is domain/private-station.ts.
 */
export const privateStations = pgTable(
  'private_stations',
  {
    stationId: uuid('station_id')
      .primaryKey()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** argon2id of the secret printed beside the code; the secret itself is never stored. */
    secretHash: text('secret_hash').notNull(),
    /** Set while a driver owns it. */
    claimedAt: tstz('claimed_at'),
    isShared: boolean('is_shared').notNull().default(false),
    /** When it is shared, per week day in the station's local time (station-hours.ts). */
    weekly: jsonb('weekly')
      .$type<Schedule>()
      .notNull()
      .default({ mo: [], tu: [], we: [], th: [], fr: [], sa: [], su: [] }),
    /** Local dates (YYYY-MM-DD) it is not shared. */
    datesOff: jsonb('dates_off').$type<string[]>().notNull().default([]),
    /** The owner's price for others, in the station tariff's currency; within the brand's limits. */
    perKwhMinor: minor('per_kwh_minor').notNull().default(0),
    perMinuteMinor: minor('per_minute_minor').notNull().default(0),
    parkingPerMinuteMinor: minor('parking_per_minute_minor').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'private_stations_prices_check',
      sql`least(${t.perKwhMinor}, ${t.perMinuteMinor}, ${t.parkingPerMinuteMinor}) >= 0`,
    ),
    check('private_stations_dates_off_check', sql`jsonb_typeof(${t.datesOff}) = 'array'`),
    check('private_stations_weekly_check', sql`jsonb_typeof(${t.weekly}) = 'object'`),
  ],
);

export const claimTryScopes = ['user', 'code'] as const;

/**
 * The limit on guessing secrets (OWASP ASVS 2.2.1): wrong claims counted per driver and per
 * station code in a window of an hour from the first. A try is taken before the secret is
 * checked and given back when it was right, so parallel guesses cannot pass the limit.
 */
export const privateStationClaimTries = pgTable(
  'private_station_claim_tries',
  {
    scope: text('scope', { enum: claimTryScopes }).notNull(),
    /** The user's id or the station code (upper case). */
    key: text('key').notNull(),
    count: integer('count').notNull(),
    windowStartedAt: tstz('window_started_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    check('private_station_claim_tries_scope_check', oneOf(t.scope, claimTryScopes)),
    check('private_station_claim_tries_count_check', sql`${t.count} >= 0`),
  ],
);
