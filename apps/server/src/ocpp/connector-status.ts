import { and, eq, ne } from 'drizzle-orm';
import {
  fromOcppStatus,
  isConnectorFree,
  isOcppChargePointStatus,
  type ConnectorStatus,
} from '@evcharge/domain/connector-status';
import { connectors } from '../db/schema/stations';
import type { ReportedStatus } from '../db/schema/ocpp';
import { tellFavouriteFree } from '../modules/events';
import type { OcppDeps } from './context';

// Connector statuses in the database, then in the read model the list and map answer from
// (docs/decisions/004: the database first, then setConnectorStatus).

/** Whether the read model has a free connector at the station; undefined: not loaded. */
function hasFreeConnector(deps: OcppDeps, stationId: string): boolean | undefined {
  const snapshot = deps.stationReadModel.snapshot();
  const position = snapshot.positionOf.get(stationId);
  const row = position === undefined ? undefined : snapshot.rows[position];
  return row?.connectors.some((connector) => isConnectorFree(connector.status));
}

function publish(
  deps: OcppDeps,
  stationId: string,
  ids: readonly string[],
  status: ConnectorStatus,
  at: Date,
) {
  const model = deps.stationReadModel;
  // A station with no free connector got one: the drivers who like it hear of it, in the
  // background (the charge point's message is answered without waiting for that).
  if (isConnectorFree(status) && hasFreeConnector(deps, stationId) === false)
    deps.userEvents.inBackground(() => tellFavouriteFree(deps, stationId, at));
  const isKnown = ids.every((connectorId) =>
    model.setConnectorStatus({ stationId, connectorId, status, at }),
  );
  // A station the model has not loaded yet (added after start-up): read it whole.
  if (!isKnown) void model.refreshStation(stationId).catch(() => undefined);
}

/** Sets one connector (OCPP connectorId = connectors.number); returns its id, if it has one. */
export async function setConnectorStatus(
  deps: OcppDeps,
  stationId: string,
  connectorNumber: number,
  status: ConnectorStatus,
  at: Date,
): Promise<string | undefined> {
  const rows = await deps.db
    .update(connectors)
    .set({ status, statusAt: at })
    .where(and(eq(connectors.stationId, stationId), eq(connectors.number, connectorNumber)))
    .returning({ id: connectors.id });
  if (rows.length === 0) return undefined;
  publish(
    deps,
    stationId,
    rows.map((row) => row.id),
    status,
    at,
  );
  return rows[0]?.id;
}

/** Every connector of an offline charge point shows 'unavailable'. */
export async function setStationUnavailable(deps: OcppDeps, stationId: string, at: Date) {
  const rows = await deps.db
    .update(connectors)
    .set({ status: 'unavailable', statusAt: at })
    .where(and(eq(connectors.stationId, stationId), ne(connectors.status, 'unavailable')))
    .returning({ id: connectors.id });
  publish(
    deps,
    stationId,
    rows.map((row) => row.id),
    'unavailable',
    at,
  );
}

/**
 * Back online: each connector shows what the charge point last reported, until it reports
 * again (we ask it to with TriggerMessage). Connector 0 is the charge point itself.
 */
export async function restoreReportedStatuses(
  deps: OcppDeps,
  stationId: string,
  reported: Record<string, ReportedStatus>,
  at: Date,
): Promise<void> {
  for (const [key, entry] of Object.entries(reported)) {
    const number = Number(key);
    if (number < 1 || !isOcppChargePointStatus(entry.status)) continue;
    await setConnectorStatus(deps, stationId, number, fromOcppStatus(entry.status).status, at);
  }
}
