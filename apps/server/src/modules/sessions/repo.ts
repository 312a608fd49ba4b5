import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activeSessionStatuses, chargingSessions } from '../../db/schema/charging';
import { connectors, stations } from '../../db/schema/stations';

// Queries on sessions and their samples for the OCPP transaction messages.

export type SessionRow = typeof chargingSessions.$inferSelect;
/** A session with where it happens: the connector's OCPP number and the station's offset. */
export type PlacedSession = SessionRow & { connectorNumber: number; utcOffsetMinutes: number };

/** Energy flows or may flow: StartTransaction was accepted and StopTransaction not yet seen. */
export const runningStatuses = ['charging', 'suspendedev', 'suspendedevse', 'finishing'] as const;

const placedColumns = {
  session: chargingSessions,
  connectorNumber: connectors.number,
  utcOffsetMinutes: stations.utcOffsetMinutes,
};

function placed(
  rows: { session: SessionRow; connectorNumber: number; utcOffsetMinutes: number }[],
) {
  const [row] = rows;
  return (
    row && {
      ...row.session,
      connectorNumber: row.connectorNumber,
      utcOffsetMinutes: row.utcOffsetMinutes,
    }
  );
}

export async function findConnectorId(db: Db, stationId: string, number: number) {
  const [row] = await db
    .select({ id: connectors.id })
    .from(connectors)
    .where(and(eq(connectors.stationId, stationId), eq(connectors.number, number)));
  return row?.id;
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

export async function insertSession(db: Db, values: typeof chargingSessions.$inferInsert) {
  const [row] = await db.insert(chargingSessions).values(values).returning();
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
