import { connectorStatusCode } from '@evcharge/domain/connector-status';
import { AppError } from '@evcharge/domain/errors';
import { canUseStation, isStationOwner } from '@evcharge/domain/private-station';
import type { Db } from '../../db/client';
import type { connectors } from '../../db/schema/stations';
import { connectorState, connectorsOfStations, ownedChargePoints } from './charge-point-repo';
import { isCommandFailure } from './charge-points-port';
import { isReachable, type ChargeDeps } from './start';

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
  const points = await ownedChargePoints(db, userId);
  const stationIds = points.map((p) => p.stationId);
  const rows = await connectorsOfStations(db, stationIds);
  return {
    items: points.map(({ connectedAt, ...point }) => ({
      ...point,
      isOnline: isReachable(deps, point.id, connectedAt),
      lastSeenAt: point.lastSeenAt?.toISOString() ?? null,
      connectors: rows.filter((row) => row.stationId === point.stationId).map(stateOf),
    })),
  };
}

export async function connectorStatusTime(db: Db, connectorId: string, userId: string | null) {
  const row = await connectorState(db, connectorId);
  if (!row || !canUseStation(row, userId, new Date())) throw new AppError('NOT_FOUND');
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
  if (!row || !isStationOwner(row, userId)) throw new AppError('NOT_FOUND');
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
