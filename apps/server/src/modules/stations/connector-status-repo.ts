import { and, eq, ne } from 'drizzle-orm';
import type { ConnectorStatus } from '@evcharge/domain/connector-status';
import type { Db } from '../../db/client';
import { connectors } from '../../db/schema/stations';

/** Sets a station's connector by its number; returns the ids it changed (none or one). */
export async function updateConnectorStatus(
  db: Db,
  stationId: string,
  connectorNumber: number,
  status: ConnectorStatus,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(connectors)
    .set({ status, statusAt: at })
    .where(and(eq(connectors.stationId, stationId), eq(connectors.number, connectorNumber)))
    .returning({ id: connectors.id });
  return rows.map((row) => row.id);
}

/** Every connector of the station not yet unavailable becomes so; returns their ids. */
export async function updateStationUnavailable(
  db: Db,
  stationId: string,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(connectors)
    .set({ status: 'unavailable', statusAt: at })
    .where(and(eq(connectors.stationId, stationId), ne(connectors.status, 'unavailable')))
    .returning({ id: connectors.id });
  return rows.map((row) => row.id);
}
