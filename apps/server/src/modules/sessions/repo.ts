import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activeSessionStatuses, chargingSessions } from '../../db/schema/charging';
import { connectors, stations } from '../../db/schema/stations';
import { parkingFeeCapOf } from './parking-cap';

// Queries on charging sessions (one function per query); samples are in meter-repo.ts, the
// screens' rows in charge-row-repo.ts, the sweep's in sweep-repo.ts.

export type SessionRow = typeof chargingSessions.$inferSelect;
/** A session with where it happens: the connector's OCPP number and the station's offset. */
/**
 * A session with where it runs: its connector's number and rated power (the bound of what its
 * meter is believed, meter-timeline.ts) and its station's time zone.
 */
export type PlacedSession = SessionRow & {
  connectorNumber: number;
  connectorPowerW: number;
  utcOffsetMinutes: number;
};

/** Energy flows or may flow: StartTransaction was accepted and StopTransaction not yet seen. */
export const runningStatuses = ['charging', 'suspendedev', 'suspendedevse', 'finishing'] as const;

const placedColumns = {
  session: chargingSessions,
  connectorNumber: connectors.number,
  connectorPowerW: connectors.powerW,
  utcOffsetMinutes: stations.utcOffsetMinutes,
};

function placed(
  rows: {
    session: SessionRow;
    connectorNumber: number;
    connectorPowerW: number;
    utcOffsetMinutes: number;
  }[],
) {
  const [row] = rows;
  return (
    row && {
      ...row.session,
      connectorNumber: row.connectorNumber,
      connectorPowerW: row.connectorPowerW,
      utcOffsetMinutes: row.utcOffsetMinutes,
    }
  );
}

/** The session matching `where`, with its connector and station. */
async function placedSession(db: Db, where: SQL | undefined): Promise<PlacedSession | undefined> {
  const rows = await db
    .select(placedColumns)
    .from(chargingSessions)
    .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(where);
  return placed(rows);
}

export async function findPlacedSession(db: Db, id: string): Promise<PlacedSession | undefined> {
  return placedSession(db, eq(chargingSessions.id, id));
}

/** The one active session of a connector (the partial unique index allows one). */
export async function findActiveSession(
  db: Db,
  connectorId: string,
): Promise<PlacedSession | undefined> {
  return placedSession(
    db,
    and(
      eq(chargingSessions.connectorId, connectorId),
      inArray(chargingSessions.status, [...activeSessionStatuses]),
    ),
  );
}

/**
 * A session by OCPP transactionId, only on this station's connectors: a charge point cannot
 * touch another station's sessions.
 */
export async function findStationSession(
  db: Db,
  stationId: string,
  transactionId: number,
): Promise<PlacedSession | undefined> {
  return placedSession(
    db,
    and(eq(chargingSessions.transactionId, transactionId), eq(connectors.stationId, stationId)),
  );
}

/** The tariff in force at a station at an instant (SPEC §3: the next one from its change time). */
export async function stationTariffAt(db: Db, stationId: string, at: Date) {
  const [row] = await db
    .select({
      tariffId: stations.tariffId,
      nextTariffId: stations.nextTariffId,
      tariffChangesAt: stations.tariffChangesAt,
    })
    .from(stations)
    .where(eq(stations.id, stationId));
  if (!row) return undefined;
  const isNext =
    row.nextTariffId !== null && row.tariffChangesAt !== null && row.tariffChangesAt <= at;
  return isNext && row.nextTariffId ? row.nextTariffId : row.tariffId;
}

/**
 * Every session is made here. One priced by our tariff gets the brand's parking ceiling in the
 * tariff's currency (SPEC §3, parking-cap.ts); a roaming session is priced by its partner and has none.
 */
export async function insertSession(
  db: Db,
  brand: Pick<BrandConfig, 'parkingFeeCapMinor'>,
  values: Omit<typeof chargingSessions.$inferInsert, 'parkingFeeCapMinor'>,
) {
  const parkingFeeCapMinor = values.tariffId
    ? parkingFeeCapOf(brand, values.priceCurrency ?? values.currency)
    : null;
  const [row] = await db
    .insert(chargingSessions)
    .values({ ...values, parkingFeeCapMinor })
    .returning();
  if (!row) throw new Error('session insert returned nothing');
  return row;
}

/** Updates a session only while it is in one of `fromStatuses`; undefined when it was not. */
export async function updateSessionFrom(
  db: Db,
  id: string,
  fromStatuses: readonly SessionRow['status'][],
  values: Partial<typeof chargingSessions.$inferInsert>,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(chargingSessions)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(chargingSessions.id, id), inArray(chargingSessions.status, [...fromStatuses])))
    .returning();
  return row;
}

/**
 * Takes a late stop's figures for a session closed without its stop, once: undefined when it
 * was not closed that way or was reconciled already.
 */
export async function markReconciled(
  db: Db,
  id: string,
  values: Partial<typeof chargingSessions.$inferInsert>,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(chargingSessions)
    .set({ ...values, reconciledAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(chargingSessions.id, id),
        eq(chargingSessions.status, 'success'),
        isNotNull(chargingSessions.closedWithoutStopAt),
        isNull(chargingSessions.reconciledAt),
      ),
    )
    .returning();
  return row;
}

/** Where a StartTransaction lands (transaction-start.ts), read in one statement. */
export type StartPlace = {
  connectorId: string;
  /** The transactionId of a session this same start (time and meter) began already. */
  repeatedTransactionId: number | null;
  /** The connector's active session (the partial unique index allows one). */
  active: PlacedSession | undefined;
};

/**
 * A station's connector by its number, with what a StartTransaction on it must know first: a
 * session the same start began (`startTimestamp` and `meterStartWh`, when the time is valid)
 * and the connector's active session. Undefined when the station has no such connector.
 */
export async function findStartPlace(
  db: Db,
  stationId: string,
  connectorNumber: number,
  startTimestamp: Date | undefined,
  meterStartWh: number,
): Promise<StartPlace | undefined> {
  // Named columns of an alias: the outer query's charging_sessions is the active session.
  const repeated = startTimestamp
    ? sql<number | null>`(select r.transaction_id from ${chargingSessions} r
        where r.connector_id = ${connectors.id}
          and r.start_timestamp = ${startTimestamp.toISOString()}::timestamptz
          and r.meter_start_wh = ${meterStartWh} limit 1)`
    : sql<null>`null::integer`;
  const [row] = await db
    .select({
      connectorId: connectors.id,
      repeatedTransactionId: repeated,
      session: chargingSessions,
      connectorNumber: connectors.number,
      connectorPowerW: connectors.powerW,
      utcOffsetMinutes: stations.utcOffsetMinutes,
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .leftJoin(
      chargingSessions,
      and(
        eq(chargingSessions.connectorId, connectors.id),
        inArray(chargingSessions.status, [...activeSessionStatuses]),
      ),
    )
    .where(and(eq(connectors.stationId, stationId), eq(connectors.number, connectorNumber)));
  if (!row) return undefined;
  const { connectorId, repeatedTransactionId, session, ...place } = row;
  return {
    connectorId,
    repeatedTransactionId,
    active: session ? { ...session, ...place } : undefined,
  };
}

/** Marks that the charge point reported the connector free while the session runs. */
export async function suspectStop(db: Db, id: string, at: Date): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(chargingSessions)
    .set({ stopSuspectedAt: at })
    .where(
      and(
        eq(chargingSessions.id, id),
        inArray(chargingSessions.status, [...runningStatuses]),
        isNull(chargingSessions.stopSuspectedAt),
      ),
    )
    .returning();
  return row;
}

export async function clearStopSuspicion(db: Db, id: string): Promise<void> {
  await db
    .update(chargingSessions)
    .set({ stopSuspectedAt: null })
    .where(and(eq(chargingSessions.id, id), isNotNull(chargingSessions.stopSuspectedAt)));
}

/** The transactionIds of a driver's open sessions. */
export async function openTransactionIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ transactionId: chargingSessions.transactionId })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.userId, userId),
        inArray(chargingSessions.status, [...activeSessionStatuses]),
      ),
    );
  return rows.map((row) => row.transactionId);
}

/** Whether an RFID tag is in an open session already. */
export async function isTagInOpenSession(tx: Db, rfidTagId: string): Promise<boolean> {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.rfidTagId, rfidTagId),
        inArray(chargingSessions.status, [...activeSessionStatuses]),
      ),
    );
  return (row?.count ?? 0) > 0;
}

/** The `preparing` session a start from the app gave this idTag. */
export async function findPreparingByIdTag(db: Db, idTag: string) {
  const [row] = await db
    .select({ id: chargingSessions.id, userId: chargingSessions.userId })
    .from(chargingSessions)
    .where(and(eq(chargingSessions.idTag, idTag), eq(chargingSessions.status, 'preparing')));
  return row;
}

/**
 * Marks a running session to stop, with the server's reason (none for the driver's own stop).
 * A server stop marks only a session not marked yet; undefined when nothing was marked.
 */
export async function markSessionStop(
  db: Db,
  id: string,
  serverStopReason: string | undefined,
): Promise<SessionRow | undefined> {
  const [row] = await db
    .update(chargingSessions)
    .set({
      stopRequestedAt: new Date(),
      ...(serverStopReason === undefined ? {} : { serverStopReason }),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(chargingSessions.id, id),
        inArray(chargingSessions.status, [...runningStatuses]),
        serverStopReason === undefined ? undefined : isNull(chargingSessions.stopRequestedAt),
      ),
    )
    .returning();
  return row;
}

export async function clearStopRequest(db: Db, id: string): Promise<void> {
  await db
    .update(chargingSessions)
    .set({ stopRequestedAt: null })
    .where(eq(chargingSessions.id, id));
}

/** The driver's summary flag of finished sessions: one (by transactionId) or all. */
export async function setFinishedClosedFlag(
  db: Db,
  userId: string,
  flag: boolean,
  transactionId: number | undefined,
): Promise<void> {
  await db
    .update(chargingSessions)
    .set({ isUserClosed: flag })
    .where(
      and(
        eq(chargingSessions.userId, userId),
        inArray(chargingSessions.status, ['success', 'cancelled']),
        transactionId === undefined ? undefined : eq(chargingSessions.transactionId, transactionId),
      ),
    );
}
