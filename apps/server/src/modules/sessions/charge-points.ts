import { asc, eq, inArray } from 'drizzle-orm';
import { connectorStatusCode } from '@evcharge/domain/connector-status';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { chargePoints } from '../../db/schema/ocpp';
import { connectors, stations } from '../../db/schema/stations';
import { isReachable, type ChargeDeps } from './start';
import { isCommandFailure } from './charge-points-port';

// SPEC §7 GET /chargepoints, PUT /chargepoint/{id}/status/{status}, GET
// /socket/status_time/{id}: an owner's charge points, taking a connector out of service (OCPP
// ChangeAvailability) and any connector's status with its time.

type ConnectorState = {
  id: string;
  number: number;
  status: (typeof connectors.$inferSelect)['status'];
  statusAt: Date;
};

const stateOf = (c: ConnectorState) => ({
  id: c.id,
  number: c.number,
  status: c.status,
  statusCode: connectorStatusCode(c.status) ?? null,
  statusSince: c.statusAt.toISOString(),
});

export async function ownersChargePoints(deps: ChargeDeps, userId: string) {
  const { db } = deps;
  const points = await db
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
  const stationIds = points.map((p) => p.stationId);
  const rows =
    stationIds.length === 0
      ? []
      : await db
          .select({
            id: connectors.id,
            stationId: connectors.stationId,
            number: connectors.number,
            status: connectors.status,
            statusAt: connectors.statusAt,
          })
          .from(connectors)
          .where(inArray(connectors.stationId, stationIds))
          .orderBy(asc(connectors.number));
  return {
    items: points.map(({ connectedAt, ...point }) => ({
      ...point,
      isOnline: isReachable(deps, point.id, connectedAt),
      lastSeenAt: point.lastSeenAt?.toISOString() ?? null,
      connectors: rows.filter((row) => row.stationId === point.stationId).map(stateOf),
    })),
  };
}

async function connectorState(db: Db, connectorId: string) {
  const [row] = await db
    .select({
      id: connectors.id,
      number: connectors.number,
      status: connectors.status,
      statusAt: connectors.statusAt,
      ownerUserId: stations.ownerUserId,
      isPrivate: stations.isPrivate,
      chargePointId: chargePoints.id,
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .leftJoin(chargePoints, eq(chargePoints.stationId, stations.id))
    .where(eq(connectors.id, connectorId));
  return row;
}

export async function connectorStatusTime(db: Db, connectorId: string, userId: string | null) {
  const row = await connectorState(db, connectorId);
  if (!row || (row.isPrivate && row.ownerUserId !== userId)) throw new AppError('NOT_FOUND');
  return stateOf(row);
}

/** The owner takes a connector out of service or back; the charge point decides when. */
export async function setConnectorAvailability(
  deps: ChargeDeps,
  userId: string,
  connectorId: string,
  status: 'available' | 'unavailable',
) {
  const row = await connectorState(deps.db, connectorId);
  if (!row || row.ownerUserId !== userId) throw new AppError('NOT_FOUND');
  if (!row.chargePointId)
    throw new AppError('COMMAND_REJECTED', { details: { reason: 'offline' } });
  let result: 'Accepted' | 'Scheduled' | 'Rejected';
  try {
    ({ status: result } = await deps.chargePoints.changeAvailability(row.chargePointId, {
      connectorId: row.number,
      type: status === 'available' ? 'Operative' : 'Inoperative',
    }));
  } catch (error) {
    if (!isCommandFailure(error)) throw error;
    throw new AppError('COMMAND_REJECTED', { details: { reason: error.reason } });
  }
  if (result === 'Rejected') throw new AppError('COMMAND_REJECTED');
  // The charge point reports the new status itself (StatusNotification) right after.
  const after = (await connectorState(deps.db, connectorId)) ?? row;
  return { ...stateOf(after), result };
}
