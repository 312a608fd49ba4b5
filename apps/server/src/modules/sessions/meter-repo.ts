import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Db } from '../../db/client';
import { chargingSessions } from '../../db/schema/charging';
import { chargeEvents, chargingSamples } from '../../db/schema/ocpp';
import { connectors, stations } from '../../db/schema/stations';
import { balanceCapSql } from '../ledger';
import type { PlacedSession, SessionRow } from './repo';

// A session's meter readings on its timeline (meter-timeline.ts): every one is kept as the
// meter said it; the counted ones are the charging screen's chart and the final cost's readings.

export type Sample = typeof chargingSamples.$inferInsert;

export async function insertSamples(db: Db, samples: readonly Sample[]): Promise<void> {
  if (samples.length > 0) await db.insert(chargingSamples).values([...samples]);
}

/**
 * A session as a MeterValues reads it, with its row version (the row's xmin: every update of
 * the row gives it a new one). Writes that depend on what was read name the version and change
 * nothing when the row moved on since.
 */
export type VersionedSession = PlacedSession & { version: string };

/** A session by OCPP transactionId on this station's connectors, with its row version. */
export async function findVersionedSession(
  db: Db,
  stationId: string,
  transactionId: number,
): Promise<VersionedSession | undefined> {
  const [row] = await db
    .select({
      session: chargingSessions,
      connectorNumber: connectors.number,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      version: sql<string>`${chargingSessions}.xmin::text`,
    })
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(
      and(eq(chargingSessions.transactionId, transactionId), eq(connectors.stationId, stationId)),
    );
  return (
    row && {
      ...row.session,
      connectorNumber: row.connectorNumber,
      utcOffsetMinutes: row.utcOffsetMinutes,
      version: row.version,
    }
  );
}

const column = (c: { name: string }) => sql.identifier(c.name);
const timestamp = (at: Date | null | undefined) =>
  sql`${at ? at.toISOString() : null}::timestamptz`;

/**
 * The samples as rows of one JSON parameter: the statement's text stays the same however many
 * readings a MeterValues carries, so it is parsed and planned once per connection.
 */
function sampleRows(samples: readonly Sample[]): SQL {
  const rows = samples.map((s) => ({
    session_id: s.sessionId,
    at: s.at.toISOString(),
    energy_wh: s.energyWh,
    register_wh: s.registerWh ?? null,
    power_w: s.powerW ?? null,
    soc_percent: s.socPercent ?? null,
    is_counted: s.isCounted ?? true,
  }));
  return sql`select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(session_id uuid,
    at timestamptz, energy_wh bigint, register_wh bigint, power_w integer, soc_percent integer,
    is_counted boolean)`;
}

const sampleColumns = sql.join(
  [
    chargingSamples.sessionId,
    chargingSamples.at,
    chargingSamples.energyWh,
    chargingSamples.registerWh,
    chargingSamples.powerW,
    chargingSamples.socPercent,
    chargingSamples.isCounted,
  ].map(column),
  sql`, `,
);

/** The version condition on the session row; none (always true) without a version. */
const isVersion = (version: string | undefined) =>
  version === undefined ? sql`true` : sql`xmin = ${version}::xid`;

/**
 * Stores readings kept for the record (late, or of a session that no longer runs), in one
 * statement, only while the session is still at `version`: false when it changed (what counts
 * was decided on an old row).
 */
export async function insertSamplesAt(
  db: Db,
  sessionId: string,
  version: string | undefined,
  samples: readonly Sample[],
): Promise<boolean> {
  const result = (await executePrepared(db, sql`
    with current_row as (
      select 1 from ${chargingSessions} where id = ${sessionId}::uuid and ${isVersion(version)}),
    inserted as (
      insert into ${chargingSamples} (${sampleColumns})
      select * from (${sampleRows(samples)}) as v
      where exists (select 1 from current_row))
    select exists (select 1 from current_row) as current`)) as { rows: { current: boolean }[] };
  return result.rows[0]?.current === true;
}

export type ReadingUpdate = Pick<
  SessionRow,
  | 'energyWh'
  | 'powerW'
  | 'socPercent'
  | 'costMinor'
  | 'loyaltyDiscountMinor'
  | 'lastEnergyAt'
  | 'lastReadingAt'
  | 'updatedAt'
>;

/**
 * A running session's new readings in ONE statement (MeterValues come every few seconds from
 * every charging connector): the readings join the timeline, the session takes its energy,
 * power, SoC, cost and times, and the driver's `updated` event is inserted under the driver's
 * lock (event-repo.ts), all only while the session still runs and is still at `version`;
 * with `balanceCap`, what the session may cost from the driver's balance comes back too
 * (supervise.ts). The session's new version, or undefined when nothing was written.
 */
export async function recordReadings(
  db: Db,
  write: {
    sessionId: string;
    version: string | undefined;
    statuses: readonly SessionRow['status'][];
    samples: readonly Sample[];
    set: ReadingUpdate;
    event: { userId: string; payload: Record<string, unknown> };
    balanceCap?: { currency: SessionRow['currency'] };
  },
): Promise<{ version: string; balanceCapMinor: number | undefined } | undefined> {
  const { sessionId, set, event } = write;
  const lockKey = `charge-events:${event.userId}`;
  const result = (await executePrepared(db, sql`
    with updated as (
      update ${chargingSessions} set
        ${column(chargingSessions.energyWh)} = ${set.energyWh}::bigint,
        ${column(chargingSessions.powerW)} = ${set.powerW}::integer,
        ${column(chargingSessions.socPercent)} = ${set.socPercent}::integer,
        ${column(chargingSessions.costMinor)} = ${set.costMinor}::bigint,
        ${column(chargingSessions.loyaltyDiscountMinor)} = ${set.loyaltyDiscountMinor}::bigint,
        ${column(chargingSessions.lastEnergyAt)} = ${timestamp(set.lastEnergyAt)},
        ${column(chargingSessions.lastReadingAt)} = ${timestamp(set.lastReadingAt)},
        ${column(chargingSessions.updatedAt)} = ${timestamp(set.updatedAt)}
      where id = ${sessionId}::uuid and ${isVersion(write.version)}
        and ${column(chargingSessions.status)} in (${sql.join(
          write.statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
      returning xmin::text as version),
    inserted as (
      insert into ${chargingSamples} (${sampleColumns})
      select * from (${sampleRows(write.samples)}) as v
      where ${write.version === undefined ? sql`true` : sql`exists (select 1 from updated)`}),
    driver_lock as (select pg_advisory_xact_lock(hashtext(${lockKey})) from updated),
    event as (
      insert into ${chargeEvents} (${column(chargeEvents.userId)}, ${column(chargeEvents.sessionId)},
        ${column(chargeEvents.kind)}, ${column(chargeEvents.payload)})
      select ${event.userId}::uuid, ${sessionId}::uuid, 'updated', ${JSON.stringify(event.payload)}::jsonb
      from driver_lock)
    select version, ${
      write.balanceCap
        ? balanceCapSql(db, event.userId, write.balanceCap.currency, sessionId)
        : sql`null`
    }::bigint as balance_cap
    from updated`)) as { rows: { version: string; balance_cap: string | number | null }[] };
  const [row] = result.rows;
  if (!row) return undefined;
  const cap = row.balance_cap;
  return { version: row.version, balanceCapMinor: cap === null ? undefined : Number(cap) };
}

/** The counted readings, in time order: what the cost is priced over. */
export async function sessionSamples(db: Db, sessionId: string) {
  return db
    .select({ at: chargingSamples.at, energyWh: chargingSamples.energyWh })
    .from(chargingSamples)
    .where(and(eq(chargingSamples.sessionId, sessionId), eq(chargingSamples.isCounted, true)))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
}

/** Every reading with the meter's own register, in time order (counted or not). */
export async function meterTimeline(db: Db, sessionId: string) {
  return db
    .select({
      id: chargingSamples.id,
      at: chargingSamples.at,
      registerWh: chargingSamples.registerWh,
      isCounted: chargingSamples.isCounted,
    })
    .from(chargingSamples)
    .where(eq(chargingSamples.sessionId, sessionId))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
}

export async function setSamplesCounted(
  db: Db,
  ids: readonly number[],
  isCounted: boolean,
): Promise<void> {
  if (ids.length > 0)
    await db
      .update(chargingSamples)
      .set({ isCounted })
      .where(inArray(chargingSamples.id, [...ids]));
}

/** The counted samples of the charging screen's chart, in time order. */
export async function chartSamples(db: Db, sessionId: string) {
  return db
    .select({
      at: chargingSamples.at,
      energyWh: chargingSamples.energyWh,
      powerW: chargingSamples.powerW,
      socPercent: chargingSamples.socPercent,
    })
    .from(chargingSamples)
    .where(and(eq(chargingSamples.sessionId, sessionId), eq(chargingSamples.isCounted, true)))
    .orderBy(asc(chargingSamples.at), asc(chargingSamples.id));
}
