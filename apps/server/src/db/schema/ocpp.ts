import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { chargingSessions } from './charging';
import { stations } from './stations';
import { users } from './users';

/**
 * An OCPP 1.6J charge point: the station's hardware that connects to
 * `ws(s)://host/ocpp/{id}` (security profile 1: HTTP Basic with the id and its password).
 */
export const chargePoints = pgTable(
  'charge_points',
  {
    /** The chargePointId of the socket URL (OCPP: up to 48 characters, printable ASCII). */
    id: text('id').primaryKey(),
    stationId: uuid('station_id')
      .notNull()
      .unique('charge_points_station_unique')
      .references(() => stations.id, { onDelete: 'cascade' }),
    /** argon2id of the Basic auth password; the password itself is never stored. */
    passwordHash: text('password_hash').notNull(),
    vendor: text('vendor'),
    model: text('model'),
    serialNumber: text('serial_number'),
    firmwareVersion: text('firmware_version'),
    bootedAt: tstz('booted_at'),
    /** The last message of any kind; with the heartbeat interval it says whether it is alive. */
    lastSeenAt: tstz('last_seen_at'),
    /** Set while a socket is open, null once it closed or was found dead. */
    connectedAt: tstz('connected_at'),
    /** The Heartbeat interval the charge point was given (BootNotification, ChangeConfiguration). */
    heartbeatSeconds: integer('heartbeat_seconds').notNull().default(300),
    /**
     * The last StatusNotification per connectorId as the charge point reported it ("0" is the
     * charge point itself). The connectors table shows 'unavailable' while the charge point is
     * offline; this keeps what it said last, restored when it reconnects.
     */
    reportedStatuses: jsonb('reported_statuses')
      .$type<Record<string, ReportedStatus>>()
      .notNull()
      .default({}),
    /**
     * OCPP 1.6 §3.5.3 the local authorization list: the version last accepted by the charge
     * point (SendLocalList), and a digest of the entries it held, to know when to send again.
     */
    localListVersion: integer('local_list_version').notNull().default(0),
    localListDigest: text('local_list_digest'),
    /** It answered NotSupported (no LocalAuthListManagement): not asked again. */
    localListUnsupported: boolean('local_list_unsupported').notNull().default(false),
    diagnosticsStatus: text('diagnostics_status'),
    firmwareStatus: text('firmware_status'),
    createdAt: createdAt(),
  },
  (t) => [
    check('charge_points_id_check', sql`${t.id} ~ '^[A-Za-z0-9._:-]{1,48}$'`),
    // From 1 s so tests can prove liveness quickly; real charge points get minutes.
    check('charge_points_heartbeat_check', sql`${t.heartbeatSeconds} between 1 and 86400`),
  ],
);

/** A StatusNotification as received (OCPP 1.6 §4.9), with the time it applies to. */
export type ReportedStatus = {
  status: string;
  errorCode: string;
  info?: string;
  vendorErrorCode?: string;
  at: string;
};

/**
 * Meter values of a session over time: the charging screen's chart of power and SoC, and the
 * readings the final cost spreads over tariff zones. energyWh counts from the session's
 * start (register minus meterStart).
 */
export const chargingSamples = pgTable(
  'charging_samples',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    at: tstz('at').notNull(),
    /** Energy since the session's start at this reading (its register less meterStart). */
    energyWh: bigint('energy_wh', { mode: 'number' }).notNull(),
    /** The energy register as the meter said it; null for a reading without one. */
    registerWh: bigint('register_wh', { mode: 'number' }),
    powerW: integer('power_w'),
    socPercent: integer('soc_percent'),
    /**
     * False for a reading kept for the record only: taken after the transaction's stop, or
     * after a meter reset (meter-timeline.ts). Only counted readings are billed and charted.
     */
    isCounted: boolean('is_counted').notNull().default(true),
  },
  (t) => [
    index('charging_samples_session_at_idx').on(t.sessionId, t.at),
    // Retention deletes the oldest readings first (modules/sessions/retention.ts).
    index('charging_samples_at_idx').on(t.at),
  ],
);

/**
 * What happened to a driver's sessions, in order: the long poll
 * (GET /charges/subscribe) answers events after the client's cursor (the id), so a client
 * that reconnects loses none.
 */
export const chargeEvents = pgTable(
  'charge_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => chargingSessions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('charge_events_user_id_idx').on(t.userId, t.id),
    // Retention deletes the oldest events first (modules/sessions/retention.ts).
    index('charge_events_created_at_idx').on(t.createdAt),
  ],
);
