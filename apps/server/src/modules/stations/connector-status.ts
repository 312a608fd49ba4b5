import { isConnectorFree, type ConnectorStatus } from '@evcharge/domain/connector-status';
import type { Deps } from '../../deps';
import {
  recordConnectorReport,
  updateConnectorStatus,
  updateStationUnavailable,
  type ConnectorReport,
  type ReportedConnector,
} from './connector-status-repo';

// Connector statuses in the database, then in the read model the list and map answer from
// (docs/decisions/004: the database first, then setConnectorStatus).

export type ConnectorStatusDeps = Pick<Deps, 'db' | 'stationReadModel'> & {
  /**
   * A station with no free connector got one (the drivers who like it hear of it). Called
   * before the read model changes; must not wait for anything slow (the charge point's
   * message is answered without waiting for it).
   */
  whenStationFreed: (stationId: string, at: Date) => void;
  /** Any change of connectors' status (roaming partners hear of ours); must not wait either. */
  whenStatusChanged?: (
    stationId: string,
    connectorIds: readonly string[],
    status: ConnectorStatus,
    at: Date,
  ) => void;
};

/** Whether the read model has a free connector at the station; undefined: not loaded. */
function hasFreeConnector(deps: ConnectorStatusDeps, stationId: string): boolean | undefined {
  const snapshot = deps.stationReadModel.snapshot();
  const position = snapshot.positionOf.get(stationId);
  if (position === undefined) return undefined;
  const end = snapshot.connStart[position + 1] as number;
  for (let slot = snapshot.connStart[position] as number; slot < end; slot++) {
    if (snapshot.connFree[slot] === 1) return true;
  }
  return false;
}

function publish(
  deps: ConnectorStatusDeps,
  stationId: string,
  ids: readonly string[],
  status: ConnectorStatus,
  at: Date,
  isTold = false,
) {
  const model = deps.stationReadModel;
  if (isConnectorFree(status) && hasFreeConnector(deps, stationId) === false)
    deps.whenStationFreed(stationId, at);
  deps.whenStatusChanged?.(stationId, ids, status, at);
  const isKnown = ids.every((connectorId) =>
    model.setConnectorStatus({ stationId, connectorId, status, at }, { isTold }),
  );
  // A station the model has not loaded yet (added after start-up): read it whole.
  if (!isKnown) void model.refreshStation(stationId).catch(() => undefined);
}

/** Sets one connector (OCPP connectorId = connectors.number); returns its id, if it has one. */
export async function setConnectorStatus(
  deps: ConnectorStatusDeps,
  stationId: string,
  connectorNumber: number,
  status: ConnectorStatus,
  at: Date,
): Promise<string | undefined> {
  const ids = await updateConnectorStatus(deps.db, stationId, connectorNumber, status, at);
  if (ids.length === 0) return undefined;
  publish(deps, stationId, ids, status, at);
  return ids[0];
}

/**
 * OCPP 1.6 §4.9: a charge point's StatusNotification for a connector, as setConnectorStatus
 * does it, in one statement with the report kept beside the charge point's others and the other
 * instances told; also says whether a session or an RFID wizard is open on the connector.
 */
export async function reportConnectorStatus(
  deps: ConnectorStatusDeps,
  report: ConnectorReport,
): Promise<ReportedConnector | undefined> {
  const { stationId, status, at } = report;
  const notice = deps.stationReadModel.statusNotice?.({ stationId, status, at });
  const reported = await recordConnectorReport(deps.db, report, notice);
  if (!reported) return undefined;
  publish(deps, stationId, [reported.connectorId], status, at, notice !== undefined);
  return reported;
}

/** Every connector of an offline charge point shows 'unavailable'. */
export async function setStationUnavailable(
  deps: ConnectorStatusDeps,
  stationId: string,
  at: Date,
) {
  const ids = await updateStationUnavailable(deps.db, stationId, at);
  publish(deps, stationId, ids, 'unavailable', at);
}
