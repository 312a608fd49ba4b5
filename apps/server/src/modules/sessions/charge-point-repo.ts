import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chargePoints } from '../../db/schema/ocpp';
import { privateStations } from '../../db/schema/private-stations';
import { sharingColumns, withSharing } from '../../db/sharing';
import { connectors, stations } from '../../db/schema/stations';

// Charge points and connectors as sessions and their owners see them (SPEC §7 GET
// /chargepoints); the transport keeps its own rows of them in ocpp/repo.ts.

/** The charge point of a connector's station, if it has one. */
export async function chargePointOfConnector(db: Db, connectorId: string) {
  const [row] = await db
    .select({ id: chargePoints.id })
    .from(connectors)
    .innerJoin(chargePoints, eq(chargePoints.stationId, connectors.stationId))
    .where(eq(connectors.id, connectorId));
  return row?.id;
}

/** The charge points of the stations a user owns, by station name. */
export async function ownedChargePoints(db: Db, userId: string) {
  return db
    .select({
      id: chargePoints.id,
      stationId: stations.id,
      stationName: stations.name,
      lastSeenAt: chargePoints.lastSeenAt,
      connectedAt: chargePoints.connectedAt,
      vendor: chargePoints.vendor,
      model: chargePoints.model,
      firmwareVersion: chargePoints.firmwareVersion,
    })
    .from(chargePoints)
    .innerJoin(stations, eq(stations.id, chargePoints.stationId))
    .where(eq(stations.ownerUserId, userId))
    .orderBy(asc(stations.name));
}

/** The connectors of these stations with their statuses, by number. */
export async function connectorsOfStations(db: Db, stationIds: readonly string[]) {
  if (stationIds.length === 0) return [];
  return db
    .select({
      id: connectors.id,
      stationId: connectors.stationId,
      number: connectors.number,
      status: connectors.status,
      statusAt: connectors.statusAt,
    })
    .from(connectors)
    .where(inArray(connectors.stationId, [...stationIds]))
    .orderBy(asc(connectors.number));
}

/** A connector's status, who owns its station and its charge point. */
export async function connectorState(db: Db, connectorId: string) {
  const [row] = await db
    .select({
      id: connectors.id,
      number: connectors.number,
      status: connectors.status,
      statusAt: connectors.statusAt,
      ownerUserId: stations.ownerUserId,
      isPrivate: stations.isPrivate,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      chargePointId: chargePoints.id,
      ...sharingColumns,
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .leftJoin(chargePoints, eq(chargePoints.stationId, stations.id))
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(eq(connectors.id, connectorId));
  return row && withSharing(row);
}
