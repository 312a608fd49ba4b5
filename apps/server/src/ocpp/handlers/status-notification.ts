import type { OCPP16 } from 'typed-ocpp';
import { fromOcppStatus } from '@evcharge/domain/connector-status';
import type { ActionHandler } from '../context';
import { recordReportedStatus } from '../repo';

/** The status time: the charge point's own (OCPP 1.6 §4.9), else when it reached us. */
function reportedTime(timestamp: string | undefined, now: Date): Date {
  const at = timestamp ? new Date(timestamp) : now;
  return Number.isNaN(at.getTime()) ? now : at;
}

/**
 * OCPP 1.6 §4.9: the connector's status reaches the database and then the map (read model),
 * and the session on it follows (and an RFID wizard waiting there). The report, the connector's
 * status and the word to the other instances are one statement; the session and the wizard are
 * read only when the statement found one open on the connector.
 * connectorId 0 is the charge point itself: kept with the other reports, it changes no
 * connector (the station's connectors each report their own status).
 */
export const statusNotification: ActionHandler<
  OCPP16.StatusNotificationRequest,
  OCPP16.StatusNotificationResponse
> = async (ctx, params) => {
  const { deps, connection } = ctx;
  const now = new Date();
  // Sessions follow the charge point's clock, like its transaction messages do; the map's
  // "since" never lies in the future even when that clock runs ahead.
  const at = reportedTime(params.timestamp, now);
  const shownAt = at > now ? now : at;
  const report = {
    status: params.status,
    errorCode: params.errorCode,
    ...(params.info ? { info: params.info } : {}),
    ...(params.vendorErrorCode ? { vendorErrorCode: params.vendorErrorCode } : {}),
    at: at.toISOString(),
  };
  if (params.status === 'Faulted') {
    connection.log.warn(
      { connectorId: params.connectorId, errorCode: params.errorCode, info: params.info },
      'connector faulted',
    );
  }
  if (params.connectorId === 0) {
    await recordReportedStatus(deps.db, connection.chargePointId, 0, report);
    return {};
  }
  // One round trip when nothing is open on the connector (nearly always between sessions).
  const connector = await deps.events.connectorReported({
    chargePointId: connection.chargePointId,
    stationId: connection.stationId,
    connectorNumber: params.connectorId,
    reported: report,
    status: fromOcppStatus(params.status).status,
    at: shownAt,
  });
  if (!connector) {
    connection.log.warn(
      { connectorId: params.connectorId },
      'StatusNotification for a connector the station does not have',
    );
    return {};
  }
  const { connectorId, ...occupancy } = connector;
  if (occupancy.hasActiveSession || occupancy.hasOpenBinding) {
    await deps.events.sessionConnectorStatus(connection, connectorId, params.status, at, occupancy);
  }
  return {};
};
