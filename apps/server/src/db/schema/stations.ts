import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { connectorStatuses, stationLabels } from '@evcharge/domain/connector-status';
import { currencies } from '@evcharge/domain/currency';
import { currentTypes, socketTypeIds } from '@evcharge/domain/socket-type';
import { createdAt, minor, oneOf, tstz } from './columns';
import { roamingPartners } from './roaming';
import { users } from './users';

export const weekDays = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
export type WeekDay = (typeof weekDays)[number];
/** Opening periods per week day in the station's local time; an empty list means closed. */
export type Schedule = Record<WeekDay, { from: string; to: string }[]>;

export const tariffs = pgTable(
  'tariffs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    startFeeMinor: minor('start_fee_minor').notNull().default(0),
    firstConsumptionFeeMinor: minor('first_consumption_fee_minor').notNull().default(0),
    reservationFeeMinor: minor('reservation_fee_minor').notNull().default(0),
    /** SPEC §3 Reservation: the idle-minute cost while a reservation holds the connector. */
    reservationPerMinuteMinor: minor('reservation_per_minute_minor').notNull().default(0),
    perMinuteMinor: minor('per_minute_minor').notNull().default(0),
    perKwhMinor: minor('per_kwh_minor').notNull().default(0),
    parkingPerMinuteMinor: minor('parking_per_minute_minor').notNull().default(0),
    /** SPEC §9: parking is charged only after this many idle minutes. */
    freeIdleMinutes: integer('free_idle_minutes').notNull().default(10),
    minimalCostMinor: minor('minimal_cost_minor').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('tariffs_currency_check', oneOf(t.currency, currencies)),
    check(
      'tariffs_non_negative_check',
      sql`least(${t.startFeeMinor}, ${t.firstConsumptionFeeMinor}, ${t.reservationFeeMinor}, ${t.reservationPerMinuteMinor}, ${t.perMinuteMinor}, ${t.perKwhMinor}, ${t.parkingPerMinuteMinor}, ${t.minimalCostMinor}, ${t.freeIdleMinutes}) >= 0`,
    ),
  ],
);

/**
 * SPEC §1 private stations: the owner's own sessions cost nothing (it is their own electricity).
 * They run on a tariff of zeros in the station's currency, one per currency, inserted by the
 * hand-written part of drizzle/0019_private_stations.sql under these ids.
 */
export const ownElectricityTariffIds = {
  rub: '00000000-0000-4000-8000-000000000001',
  eur: '00000000-0000-4000-8000-000000000002',
  kzt: '00000000-0000-4000-8000-000000000003',
  usd: '00000000-0000-4000-8000-000000000004',
  byn: '00000000-0000-4000-8000-000000000005',
  azn: '00000000-0000-4000-8000-000000000006',
  kgs: '00000000-0000-4000-8000-000000000007',
  tjs: '00000000-0000-4000-8000-000000000008',
  uzs: '00000000-0000-4000-8000-000000000009',
} as const satisfies Record<(typeof currencies)[number], string>;

/** Time-of-day prices (domain/tariff-zone.ts); the first matching position wins. */
export const tariffZones = pgTable(
  'tariff_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tariffId: uuid('tariff_id')
      .notNull()
      .references(() => tariffs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    fromTime: text('from_time').notNull(),
    toTime: text('to_time').notNull(),
    perKwhMinor: minor('per_kwh_minor').notNull(),
    perMinuteMinor: minor('per_minute_minor').notNull(),
    parkingPerMinuteMinor: minor('parking_per_minute_minor').notNull(),
  },
  (t) => [
    unique('tariff_zones_position_unique').on(t.tariffId, t.position),
    check('tariff_zones_from_check', sql`${t.fromTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check('tariff_zones_to_check', sql`${t.toTime} ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'`),
    check(
      'tariff_zones_non_negative_check',
      sql`least(${t.perKwhMinor}, ${t.perMinuteMinor}, ${t.parkingPerMinuteMinor}) >= 0`,
    ),
  ],
);

export const stations = pgTable(
  'stations',
  {
    /** The station GUID of the API (GET /v2/chargestation/{guid}). */
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique('stations_code_unique'),
    /** The code without its hyphens, upper case: how a typed QR code finds it (find-by-qr.ts). */
    altName: text('alt_name').notNull().unique('stations_alt_name_unique'),
    name: text('name').notNull(),
    address: text('address').notNull(),
    region: text('region').notNull(),
    city: text('city').notNull(),
    /** ISO 3166-1 alpha-2, lower case: ours (SPEC §3 countries) or a roaming partner's. */
    country: text('country').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    schedule: jsonb('schedule').$type<Schedule>().notNull(),
    workHours: text('work_hours').notNull(),
    utcOffsetMinutes: integer('utc_offset_minutes').notNull(),
    /** Our tariff; a roaming partner's station has none (its OCPI tariffs: roaming_tariffs). */
    tariffId: uuid('tariff_id').references(() => tariffs.id),
    /** SPEC §3: the tariff change time; the next tariff applies from then on. */
    nextTariffId: uuid('next_tariff_id').references(() => tariffs.id),
    tariffChangesAt: tstz('tariff_changes_at'),
    supportsRfid: boolean('supports_rfid').notNull().default(false),
    /** SPEC §4: a chosen period can be reserved here (the quick 15 minutes can everywhere). */
    supportsPeriodReservation: boolean('supports_period_reservation').notNull().default(false),
    isRoaming: boolean('is_roaming').notNull().default(false),
    roamingOperator: text('roaming_operator'),
    /**
     * A roaming partner's station (OCPI 2.2.1 §8.3.1 Location): whose, and its ids there.
     * `ocpiLastUpdated` is the partner's last_updated we hold, so an older push changes nothing.
     */
    roamingPartnerId: uuid('roaming_partner_id').references(() => roamingPartners.id),
    ocpiCountryCode: text('ocpi_country_code'),
    ocpiPartyId: text('ocpi_party_id'),
    ocpiLocationId: text('ocpi_location_id'),
    ocpiLastUpdated: tstz('ocpi_last_updated'),
    /** The Location as we last took it, validated: a PATCH applies to it (§8.2.2.3). */
    ocpiLocation: jsonb('ocpi_location'),
    isLimitedAccess: boolean('is_limited_access').notNull().default(false),
    isPrivate: boolean('is_private').notNull().default(false),
    ownerUserId: uuid('owner_user_id').references(() => users.id),
    state: text('state', { enum: stationLabels }).notNull().default('works'),
    createdAt: createdAt(),
  },
  (t) => [
    index('stations_lat_lng_idx').on(t.lat, t.lng),
    index('stations_country_city_idx').on(t.country, t.city),
    index('stations_owner_idx').on(t.ownerUserId),
    check('stations_country_check', sql`${t.country} ~ '^[a-z]{2}$'`),
    check('stations_state_check', oneOf(t.state, stationLabels)),
    check('stations_lat_check', sql`${t.lat} between -90 and 90`),
    check('stations_lng_check', sql`${t.lng} between -180 and 180`),
    check('stations_roaming_check', sql`${t.isRoaming} = (${t.roamingOperator} is not null)`),
    check('stations_owner_check', sql`${t.ownerUserId} is null or ${t.isPrivate}`),
    check(
      'stations_tariff_check',
      sql`${t.tariffId} is not null or ${t.roamingPartnerId} is not null`,
    ),
    check(
      'stations_partner_check',
      sql`${t.roamingPartnerId} is null or (${t.isRoaming} and ${t.ocpiLocationId} is not null)`,
    ),
    uniqueIndex('stations_ocpi_location_unique').on(
      t.roamingPartnerId,
      t.ocpiCountryCode,
      t.ocpiPartyId,
      t.ocpiLocationId,
    ),
    check(
      'stations_tariff_change_check',
      sql`(${t.nextTariffId} is null) = (${t.tariffChangesAt} is null)`,
    ),
  ],
);

export const connectors = pgTable(
  'connectors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** OCPP connectorId: 1, 2, … per station. */
    number: integer('number').notNull(),
    socketType: text('socket_type', { enum: socketTypeIds }).notNull(),
    /** Integer watts, so 7.4 kW stays exact. */
    powerW: integer('power_w').notNull(),
    amperage: integer('amperage').notNull(),
    currentType: text('current_type', { enum: currentTypes }).notNull(),
    status: text('status', { enum: connectorStatuses }).notNull().default('available'),
    statusAt: tstz('status_at').notNull().defaultNow(),
    /**
     * At a roaming partner's station: the OCPI EVSE and connector it is (§8.3.2, §8.3.3), the
     * partner's tariffs for it, and the last_updated we hold.
     */
    ocpiEvseUid: text('ocpi_evse_uid'),
    ocpiEvseId: text('ocpi_evse_id'),
    ocpiConnectorId: text('ocpi_connector_id'),
    ocpiTariffIds: jsonb('ocpi_tariff_ids').$type<string[]>(),
    ocpiLastUpdated: tstz('ocpi_last_updated'),
  },
  (t) => [
    unique('connectors_station_number_unique').on(t.stationId, t.number),
    uniqueIndex('connectors_ocpi_unique').on(t.stationId, t.ocpiEvseUid, t.ocpiConnectorId),
    check('connectors_number_check', sql`${t.number} >= 1`),
    check('connectors_socket_type_check', oneOf(t.socketType, socketTypeIds)),
    check('connectors_current_type_check', oneOf(t.currentType, currentTypes)),
    check('connectors_status_check', oneOf(t.status, connectorStatuses)),
    check('connectors_power_check', sql`${t.powerW} > 0 and ${t.amperage} > 0`),
  ],
);

export const favouriteStations = pgTable(
  'favourite_stations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stationId] })],
);
