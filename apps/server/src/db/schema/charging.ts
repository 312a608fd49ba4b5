import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { currencies } from '@evcharge/domain/currency';
import { chargingProfiles, isSessionOpen, sessionStatuses } from '@evcharge/domain/charging';
import { limitModes } from '@evcharge/domain/validation';
import { reservationModes, reservationStatuses } from '@evcharge/domain/reservation';
import { createdAt, minor, oneOf, tstz } from './columns';
import { cars, loyaltyCards, rfidTags } from './driver';
import type { LoyaltyBenefit } from '@evcharge/domain/loyalty';
import { openRfidBindingStatuses, rfidBindingStatuses } from '@evcharge/domain/rfid';
import { roamingPartners } from './roaming';
import { connectors, stations, tariffs } from './stations';
import { companies, users } from './users';

/** partner: a roaming partner's driver at our station; the partner pays (its account's wallet). */
/** A roaming partner's driver (OCPI 2.2.1 §10.4.5 CdrToken) and how we let them charge. */
export type RoamingDriver = {
  countryCode: string;
  partyId: string;
  uid: string;
  type: 'AD_HOC_USER' | 'APP_USER' | 'OTHER' | 'RFID';
  contractId: string;
  /** WHITELIST: the token as the partner pushed it; AUTH_REQUEST: the partner said yes now. */
  authMethod: 'AUTH_REQUEST' | 'WHITELIST';
  authorizationReference?: string;
};

export const sessionPaymentMethods = ['balance', 'card', 'company', 'partner'] as const;
export type SessionPaymentMethod = (typeof sessionPaymentMethods)[number];
/** A reservation is our driver's (or their company's): no partner pays for one. */
export const reservationPaymentMethods = ['balance', 'card', 'company'] as const;

export { reservationStatuses };

/** The loyalty programme a session runs with, as it was when the session started. */
export type SessionLoyalty = {
  /** The card's id when the session started (loyalty_card_id is cleared if it is removed). */
  cardId: string;
  companyId: string;
  companyName: string;
  benefit: LoyaltyBenefit;
};

/**
 * SPEC §4 the RFID wizard at one connector: waiting for the car, then for a tag at the reader,
 * then for the driver to confirm (domain/rfid.ts). A station's reader serves one wizard at a
 * time: an Authorize carries no connector (OCPP 1.6 §4.1), so the tag goes to that one.
 */
export const rfidBindings = pgTable(
  'rfid_bindings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    connectorId: uuid('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    status: text('status', { enum: rfidBindingStatuses }).notNull(),
    /** Grows with every change: the wizard's long poll answers when it passes the cursor. */
    version: integer('version').notNull().default(1),
    /** The idTag the reader sent (OCPP IdToken). */
    uid: text('uid'),
    failReason: text('fail_reason'),
    /** When the current step times out. */
    deadlineAt: tstz('deadline_at').notNull(),
    rfidTagId: uuid('rfid_tag_id').references(() => rfidTags.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('rfid_bindings_user_idx').on(t.userId),
    uniqueIndex('rfid_bindings_one_open_per_station')
      .on(t.stationId)
      .where(sql.raw(`status in (${openRfidBindingStatuses.map((s) => `'${s}'`).join(', ')})`)),
    // Every StatusNotification looks for a wizard waiting at its connector.
    index('rfid_bindings_open_connector_idx')
      .on(t.connectorId)
      .where(sql.raw(`status in (${openRfidBindingStatuses.map((s) => `'${s}'`).join(', ')})`)),
    check('rfid_bindings_status_check', oneOf(t.status, rfidBindingStatuses)),
  ],
);

// The exclusion constraint "no two holding reservations of one connector overlap" is written
// by hand in the migrations (drizzle-kit cannot express EXCLUDE): drizzle/0015_reservations.sql.
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** OCPP 1.6 ReserveNow.reservationId is an integer the central system assigns. */
    ocppId: integer('ocpp_id').generatedAlwaysAsIdentity().notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connectorId: uuid('connector_id')
      .notNull()
      .references(() => connectors.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: reservationModes }).notNull(),
    startsAt: tstz('starts_at').notNull(),
    endsAt: tstz('ends_at').notNull(),
    status: text('status', { enum: reservationStatuses }).notNull().default('scheduled'),
    fixedCostMinor: minor('fixed_cost_minor').notNull().default(0),
    idleMinuteCostMinor: minor('idle_minute_cost_minor').notNull().default(0),
    currency: text('currency', { enum: currencies }).notNull(),
    /**
     * SPEC §3 currencies: a station priced in another currency than the wallet that pays
     * (sessions/payment-rule.ts): its own currency and prices, and the brand's rate they were
     * converted into `currency` at when it was made. Null: priced in `currency`.
     */
    priceCurrency: text('price_currency', { enum: currencies }),
    exchangeRate: text('exchange_rate'),
    priceFixedCostMinor: minor('price_fixed_cost_minor'),
    priceIdleMinuteCostMinor: minor('price_idle_minute_cost_minor'),
    /** The idTag the charge point holds the connector for; the driver's app start sends it. */
    idTag: text('id_tag').notNull(),
    /** How it is paid, decided as a start is (start-rules.ts): its payer's wallet, or a card hold. */
    paymentMethod: text('payment_method', { enum: reservationPaymentMethods }).notNull(),
    payerCompanyId: uuid('payer_company_id').references(() => companies.id),
    /** When the charge point began to hold it: the fixed cost is charged then. */
    begunAt: tstz('begun_at'),
    /** When it stopped holding: the driver started, cancelled, it expired or failed. */
    endedAt: tstz('ended_at'),
    failReason: text('fail_reason'),
    /**
     * At a partner's station (OCPI 2.2.1 §13.3.3 RESERVE_NOW): set while the partner's
     * CommandResult is awaited, the time by which it must come (CommandResponse.timeout).
     */
    ocpiResultDueAt: tstz('ocpi_result_due_at'),
    /** The reminder before it runs out was sent. */
    remindedAt: tstz('reminded_at'),
    /** What it cost in all, posted to the ledger and on its receipt once it ended. */
    costMinor: minor('cost_minor').notNull().default(0),
    /** Its cost was posted and its receipt issued (once it ended). */
    settledAt: tstz('settled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reservations_user_idx').on(t.userId, t.createdAt),
    index('reservations_connector_idx').on(t.connectorId, t.startsAt),
    index('reservations_open_idx')
      .on(t.status, t.startsAt)
      .where(sql`${t.status} in ('scheduled', 'active')`),
    check('reservations_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('reservations_status_check', oneOf(t.status, reservationStatuses)),
    check('reservations_mode_check', oneOf(t.mode, reservationModes)),
    check('reservations_currency_check', oneOf(t.currency, currencies)),
    check('reservations_price_currency_check', oneOf(t.priceCurrency, currencies)),
    check(
      'reservations_exchange_check',
      sql`(${t.priceCurrency} is null) = (${t.exchangeRate} is null)`,
    ),
    check('reservations_payment_method_check', oneOf(t.paymentMethod, reservationPaymentMethods)),
    check(
      'reservations_payer_check',
      sql`(${t.paymentMethod} = 'company') = (${t.payerCompanyId} is not null)`,
    ),
  ],
);

export { sessionStatuses };
/** A car is (or is about to be) plugged in: the connector cannot take another session. */
export const activeSessionStatuses = sessionStatuses.filter(isSessionOpen);

export const energySources = ['meter_stop', 'last_reading'] as const;

export const chargingSessions = pgTable(
  'charging_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** OCPP transactionId is an integer the central system assigns. */
    transactionId: integer('transaction_id').generatedAlwaysAsIdentity().notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    connectorId: uuid('connector_id')
      .notNull()
      .references(() => connectors.id),
    /** Our tariff; a roaming session is priced by its partner (roaming below) and has none. */
    tariffId: uuid('tariff_id').references(() => tariffs.id),
    /**
     * SPEC §1 roaming: a session at another operator's station (OCPI 2.2.1 §9): the partner,
     * its id of the session, the authorization_reference we gave its START_SESSION (how its
     * first push finds this row), and how its price became ours: the partner's currency, our
     * markup and the rate taken at the start (shown before it, kept for the bill).
     */
    roamingPartnerId: uuid('roaming_partner_id').references(() => roamingPartners.id),
    ocpiSessionId: text('ocpi_session_id'),
    ocpiAuthorizationReference: text('ocpi_authorization_reference'),
    ocpiLastUpdated: tstz('ocpi_last_updated'),
    partnerCurrency: text('partner_currency'),
    roamingMarkupPercent: doublePrecision('roaming_markup_percent'),
    roamingRate: text('roaming_rate'),
    /** The partner's price of the session with VAT, in its currency, as its last push or CDR said. */
    partnerCostInclVat: doublePrecision('partner_cost_incl_vat'),
    /** The CDR that billed it (OCPI 2.2.1 §10): a session is billed once. */
    ocpiCdrId: text('ocpi_cdr_id'),
    /** Set when a corporate profile started it: the company's balance pays (SPEC §6). */
    payerCompanyId: uuid('payer_company_id').references(() => companies.id),
    /**
     * SPEC §3 currencies: our station priced in another currency than the wallet that pays
     * (payment-rule.ts): the tariff's currency and the brand's rate its cost is converted into
     * `currency` at, taken at the start. Null: priced in `currency`.
     */
    priceCurrency: text('price_currency', { enum: currencies }),
    exchangeRate: text('exchange_rate'),
    /**
     * SPEC §1 roaming, our side as CPO (OCPI 2.2.1 §9, §10): a partner's driver charges at our
     * station with the partner's token; the partner pays. The token as the CDR names it and how
     * it was authorized; when the session was last sent to the partner, and its CDR.
     */
    payerPartnerId: uuid('payer_partner_id').references(() => roamingPartners.id),
    roamingDriver: jsonb('roaming_driver').$type<RoamingDriver>(),
    ocpiSentAt: tstz('ocpi_sent_at'),
    ocpiCdrSentAt: tstz('ocpi_cdr_sent_at'),
    /**
     * What pays: the driver's balance, the card held at the start (when the balance was short)
     * or the company's balance (a corporate profile).
     */
    paymentMethod: text('payment_method', { enum: sessionPaymentMethods })
      .notNull()
      .default('balance'),
    /**
     * The most the session may cost: what the balance held at the start, or the card's hold.
     * The server stops the session before its cost passes it; null: no cap (company).
     */
    fundsCapMinor: minor('funds_cap_minor'),
    /**
     * SPEC §3 parking fee: the most parking may cost, the brand's ceiling in the session's
     * currency when it started (brand parkingFeeCapMinor). Null: none (a roaming session, priced
     * by its partner, or one started before ceilings).
     */
    parkingFeeCapMinor: minor('parking_fee_cap_minor'),
    /**
     * SPEC §1 private stations: the owner of the private station another driver charges on;
     * they earn the session's cost less the platform's fee when it ends (finish.ts). Null on a
     * public station and for the owner's own sessions, which cost nothing.
     */
    stationOwnerId: uuid('station_owner_id').references(() => users.id),
    carId: uuid('car_id').references(() => cars.id, { onDelete: 'set null' }),
    rfidTagId: uuid('rfid_tag_id').references(() => rfidTags.id, { onDelete: 'set null' }),
    reservationId: uuid('reservation_id').references(() => reservations.id),
    /** SPEC §7 Loyalty: the card it runs with, and its programme as it was at the start. */
    loyaltyCardId: uuid('loyalty_card_id').references(() => loyaltyCards.id, {
      onDelete: 'set null',
    }),
    loyalty: jsonb('loyalty').$type<SessionLoyalty>(),
    /** Off the energy cost (part of costMinor, which is after it). */
    loyaltyDiscountMinor: minor('loyalty_discount_minor').notNull().default(0),
    /** Points earned, once it ended, on a points programme's card. */
    loyaltyPoints: integer('loyalty_points'),
    status: text('status', { enum: sessionStatuses }).notNull().default('preparing'),
    limitMode: text('limit_mode', { enum: limitModes }).notNull().default('none'),
    limitValue: bigint('limit_value', { mode: 'number' }),
    /** The chargeProfile choice; its power cap went to the charge point (SetChargingProfile). */
    profile: text('profile', { enum: chargingProfiles }).notNull().default('fast'),
    /**
     * The idTag of a start from the app (RemoteStartTransaction): the charge point echoes it
     * in Authorize and StartTransaction, which is how they find this session.
     */
    idTag: text('id_tag'),
    /** A `preparing` session not started by then is cancelled (the car never drew). */
    startDeadlineAt: tstz('start_deadline_at'),
    /** When energy last grew: a session without it for too long is a ghost. */
    lastEnergyAt: tstz('last_energy_at'),
    /** Set once the server asked the charge point to stop (limit, ghost, driver). */
    stopRequestedAt: tstz('stop_requested_at'),
    /** Why the server stopped it (limit, full, ghost, timeout); kept over the OCPP reason. */
    serverStopReason: text('server_stop_reason'),
    /** StartTransaction's timestamp as the charge point sent it: a repeat of it is known by it. */
    startTimestamp: tstz('start_timestamp'),
    /**
     * What turns the charge point's clock into ours for this session: 0 unless its start time
     * was implausible (meter-timeline.ts).
     */
    clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }).notNull().default(0),
    /** When the last reading counted towards energyWh was taken (the session's timeline). */
    lastReadingAt: tstz('last_reading_at'),
    /**
     * Where energyWh comes from once it ended: the stop's meter, or the last sane reading (the
     * stop's meter was impossible, or no StopTransaction came).
     */
    energySource: text('energy_source', { enum: energySources }),
    /**
     * The charge point reported the connector Available (Finishing is an ordinary end) while
     * this session still ran: it was asked for its state, and a session still without
     * StopTransaction after the grace period is closed on its meter.
     */
    stopSuspectedAt: tstz('stop_suspected_at'),
    /**
     * The meter claimed more energy than the connector could deliver in the time (meter-timeline.ts
     * `maxEnergyWh`): when that was first seen, and the most it claimed (Wh since the start), for
     * the record. Only the plausible readings are billed; staff list these sessions.
     */
    meterAnomalyAt: tstz('meter_anomaly_at'),
    meterClaimedWh: bigint('meter_claimed_wh', { mode: 'number' }),
    /** We closed it without a StopTransaction (lost, or the charge point stayed away). */
    closedWithoutStopAt: tstz('closed_without_stop_at'),
    /** Its StopTransaction came after we closed it: the stop's meter corrected the bill then. */
    reconciledAt: tstz('reconciled_at'),
    meterStartWh: bigint('meter_start_wh', { mode: 'number' }),
    meterStopWh: bigint('meter_stop_wh', { mode: 'number' }),
    energyWh: bigint('energy_wh', { mode: 'number' }).notNull().default(0),
    powerW: integer('power_w'),
    socPercent: integer('soc_percent'),
    costMinor: minor('cost_minor').notNull().default(0),
    currency: text('currency', { enum: currencies }).notNull(),
    startedAt: tstz('started_at'),
    parkingStartedAt: tstz('parking_started_at'),
    stoppedAt: tstz('stopped_at'),
    remainingMinutes: integer('remaining_minutes'),
    isUserClosed: boolean('is_user_closed').notNull().default(false),
    stopReason: text('stop_reason'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // DESIGN.md: one active session per connector, even under concurrent starts.
    uniqueIndex('charging_sessions_one_active_per_connector')
      .on(t.connectorId)
      .where(sql.raw(`status in (${activeSessionStatuses.map((s) => `'${s}'`).join(', ')})`)),
    index('charging_sessions_user_created_idx').on(t.userId, t.createdAt),
    index('charging_sessions_meter_anomaly_idx')
      .on(t.meterAnomalyAt)
      .where(sql`${t.meterAnomalyAt} is not null`),
    check('charging_sessions_status_check', oneOf(t.status, sessionStatuses)),
    check('charging_sessions_limit_mode_check', oneOf(t.limitMode, limitModes)),
    check('charging_sessions_profile_check', oneOf(t.profile, chargingProfiles)),
    uniqueIndex('charging_sessions_open_id_tag')
      .on(t.idTag)
      .where(sql.raw(`status in (${activeSessionStatuses.map((s) => `'${s}'`).join(', ')})`)),
    index('charging_sessions_open_idx')
      .on(t.status)
      .where(sql.raw(`status in (${activeSessionStatuses.map((s) => `'${s}'`).join(', ')})`)),
    check('charging_sessions_currency_check', oneOf(t.currency, currencies)),
    check('charging_sessions_price_currency_check', oneOf(t.priceCurrency, currencies)),
    check(
      'charging_sessions_exchange_check',
      sql`(${t.priceCurrency} is null) = (${t.exchangeRate} is null)`,
    ),
    check('charging_sessions_payment_method_check', oneOf(t.paymentMethod, sessionPaymentMethods)),
    check('charging_sessions_energy_source_check', oneOf(t.energySource, energySources)),
    // An owner's own session earns nobody anything.
    check(
      'charging_sessions_station_owner_check',
      sql`${t.stationOwnerId} is null or ${t.stationOwnerId} <> ${t.userId}`,
    ),
    check('charging_sessions_energy_check', sql`${t.energyWh} >= 0 and ${t.costMinor} >= 0`),
    check(
      'charging_sessions_tariff_check',
      sql`${t.tariffId} is not null or ${t.roamingPartnerId} is not null`,
    ),
    uniqueIndex('charging_sessions_ocpi_session_unique').on(t.roamingPartnerId, t.ocpiSessionId),
    uniqueIndex('charging_sessions_ocpi_reference_unique').on(t.ocpiAuthorizationReference),
    uniqueIndex('charging_sessions_ocpi_cdr_unique').on(t.roamingPartnerId, t.ocpiCdrId),
    check(
      'charging_sessions_partner_payer_check',
      sql`(${t.paymentMethod} = 'partner') = (${t.payerPartnerId} is not null) and (${t.payerPartnerId} is null) = (${t.roamingDriver} is null)`,
    ),
    // A partner's sessions to send it (OCPI 2.2.1 §9.2.1 and §10.2.1), and its token's open one.
    // No index may hold a column that every MeterValues writes (updated_at, the energy): the
    // session's row is then updated in place on its page (a HOT update) with no index touched,
    // where it was ten index entries per reading (the table leaves room on its pages for it:
    // fillfactor in migration 0028). The partner's pages filter its sessions by change time.
    index('charging_sessions_partner_created_idx')
      .on(t.payerPartnerId, t.createdAt)
      .where(sql`${t.payerPartnerId} is not null`),
  ],
);
