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
      connectorPowerW: connectors.powerW,
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
      connectorPowerW: row.connectorPowerW,
      utcOffsetMinutes: row.utcOffsetMinutes,
      version: row.version,
    }
  );
}

const column = (c: { name: string }) => sql.identifier(c.name);

/** A write's samples as JSON rows, `i` naming the write they belong to. */
function sampleJson(samples: readonly Sample[], i = 0) {
  return samples.map((s) => ({
    i,
    session_id: s.sessionId,
    at: s.at.toISOString(),
    energy_wh: s.energyWh,
    register_wh: s.registerWh ?? null,
    power_w: s.powerW ?? null,
    soc_percent: s.socPercent ?? null,
    is_counted: s.isCounted ?? true,
  }));
}

/**
 * Samples as rows of one JSON parameter: the statement's text stays the same however many
 * readings it carries, so it is parsed and planned once per connection.
 */
function sampleRecords(json: string): SQL {
  return sql`select * from jsonb_to_recordset(${json}::jsonb) as v(i integer, session_id uuid,
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
  const result = (await executePrepared(
    db,
    sql`
    with current_row as (
      select 1 from ${chargingSessions} where id = ${sessionId}::uuid and ${isVersion(version)}),
    inserted as (
      insert into ${chargingSamples} (${sampleColumns})
      select ${sampleColumns} from (${sampleRecords(JSON.stringify(sampleJson(samples)))}) as v
      where exists (select 1 from current_row))
    select exists (select 1 from current_row) as current`,
  )) as { rows: { current: boolean }[] };
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

/** A running session's readings to write (recordReadings). */
export type ReadingWrite = {
  sessionId: string;
  /** The row version the write was decided on; undefined takes the row as it is. */
  version: string | undefined;
  samples: readonly Sample[];
  set: ReadingUpdate;
  event: { userId: string; payload: Record<string, unknown> };
  /** Paid from the balance: the session's cap comes back with the write (supervise.ts). */
  balanceCap?: { currency: SessionRow['currency'] };
};

/** The session's new version and, when asked, its balance cap; undefined when not written. */
export type ReadingWritten = { version: string; balanceCapMinor: number | undefined };

/**
 * Running sessions' new readings, of one session or of many at once, in ONE statement
 * (MeterValues come every few seconds from every charging connector): the readings join the
 * timeline, each session takes its energy, power, SoC, cost and times, and each driver's
 * `updated` event is inserted under the driver's lock (event-repo.ts; taken in one order, so
 * two such statements never wait on each other in a circle), all only while the session still
 * runs (`statuses`) and is still at its `version`; a write without a version stores its
 * readings whatever the row became. The answer is in the order of `writes`.
 */
export async function recordReadings(
  db: Db,
  statuses: readonly SessionRow['status'][],
  writes: readonly ReadingWrite[],
): Promise<(ReadingWritten | undefined)[]> {
  const rows = writes.map((write, i) => ({
    i,
    session_id: write.sessionId,
    version: write.version ?? null,
    energy_wh: write.set.energyWh,
    power_w: write.set.powerW ?? null,
    soc_percent: write.set.socPercent ?? null,
    cost_minor: write.set.costMinor,
    loyalty_discount_minor: write.set.loyaltyDiscountMinor,
    last_energy_at: write.set.lastEnergyAt?.toISOString() ?? null,
    last_reading_at: write.set.lastReadingAt?.toISOString() ?? null,
    updated_at: write.set.updatedAt.toISOString(),
    user_id: write.event.userId,
    payload: write.event.payload,
    cap_currency: write.balanceCap?.currency ?? null,
  }));
  const samples = writes.flatMap((write, i) => sampleJson(write.samples, i));
  const set = (c: { name: string }) => sql`${column(c)} = w.${column(c)}`;
  const result = (await executePrepared(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as w(i integer,
        session_id uuid, version text, energy_wh bigint, power_w integer, soc_percent integer,
        cost_minor bigint, loyalty_discount_minor bigint, last_energy_at timestamptz,
        last_reading_at timestamptz, updated_at timestamptz, user_id uuid, payload jsonb,
        cap_currency text)),
    updated as (
      update ${chargingSessions} s set ${sql.join(
        [
          chargingSessions.energyWh,
          chargingSessions.powerW,
          chargingSessions.socPercent,
          chargingSessions.costMinor,
          chargingSessions.loyaltyDiscountMinor,
          chargingSessions.lastEnergyAt,
          chargingSessions.lastReadingAt,
          chargingSessions.updatedAt,
        ].map(set),
        sql`, `,
      )}
      from input w
      where s.id = w.session_id and (w.version is null or s.xmin = w.version::xid)
        and s.${column(chargingSessions.status)} in (${sql.join(
          statuses.map((status) => sql`${status}`),
          sql`, `,
        )})
      returning w.i, s.id, s.xmin::text as version, w.user_id, w.payload, w.cap_currency),
    inserted as (
      insert into ${chargingSamples} (${sampleColumns})
      select ${sampleColumns} from (${sampleRecords(JSON.stringify(samples))}) as v
      where v.i in (select i from updated) or v.i in (select i from input where version is null)),
    driver_lock as (
      select pg_advisory_xact_lock(hashtext('charge-events:' || d.user_id::text))
      from (select distinct user_id from updated order by user_id) d),
    event as (
      insert into ${chargeEvents} (${column(chargeEvents.userId)}, ${column(chargeEvents.sessionId)},
        ${column(chargeEvents.kind)}, ${column(chargeEvents.payload)})
      select u.user_id, u.id, 'updated', u.payload from updated u
      where (select count(*) from driver_lock) >= 0
      order by u.i)
    select u.i, u.version, case when u.cap_currency is null then null else ${balanceCapSql(
      db,
      sql`u.user_id`,
      sql`u.cap_currency`,
      sql`u.id`,
    )} end::bigint as balance_cap
    from updated u`,
  )) as {
    rows: { i: number; version: string; balance_cap: string | number | null }[];
  };
  const written: (ReadingWritten | undefined)[] = writes.map(() => undefined);
  for (const row of result.rows) {
    const cap = row.balance_cap;
    written[row.i] = {
      version: row.version,
      balanceCapMinor: cap === null ? undefined : Number(cap),
    };
  }
  return written;
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

/**
 * Marks a session's meter anomaly (meter-timeline.ts): when first seen, and the most its meter
 * claimed. `first` when the session had none, `grown` when it claims more than before, undefined
 * when it had one already at least as large (nothing new to keep).
 */
export async function markMeterAnomaly(
  db: Db,
  sessionId: string,
  claimedWh: number,
): Promise<'first' | 'grown' | undefined> {
  // A claim beyond bigint's range is kept as the largest the column holds.
  const claimed = Math.min(claimedWh, Number.MAX_SAFE_INTEGER);
  const [row] = await db
    .update(chargingSessions)
    .set({
      meterAnomalyAt: sql`coalesce(${chargingSessions.meterAnomalyAt}, now())`,
      meterClaimedWh: claimed,
    })
    .where(
      and(
        eq(chargingSessions.id, sessionId),
        sql`(${chargingSessions.meterClaimedWh} is null or ${chargingSessions.meterClaimedWh} < ${claimed})`,
      ),
    )
    // now() is the transaction's start: only a mark made in this statement carries it.
    .returning({ isFirst: sql<boolean>`${chargingSessions.meterAnomalyAt} = now()` });
  if (!row) return undefined;
  return row.isFirst ? 'first' : 'grown';
}
