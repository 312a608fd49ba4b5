import type { OCPP16 } from 'typed-ocpp';
import { fromOcppStatus } from '@evcharge/domain/connector-status';
import type { ActionHandler, CallContext } from '../context';
import { recordChargeEvent } from '../../modules/sessions/events';
import { stopWhenFull } from '../../modules/sessions/supervise';
import { setConnectorStatus } from '../connector-status';
import { recordReportedStatus } from '../repo';
import { finishSession } from '../../modules/sessions/finish';
import { findActiveSession, updateSessionFrom } from '../../modules/sessions/repo';

type Status = OCPP16.StatusNotificationRequest['status'];

// While a transaction runs, the connector's status is the session's too (charging screen).
const sessionStatusOf: Partial<Record<Status, 'charging' | 'suspendedev' | 'suspendedevse'>> = {
  Charging: 'charging',
  SuspendedEV: 'suspendedev',
  SuspendedEVSE: 'suspendedevse',
};

/** The status time: the charge point's own (OCPP 1.6 §4.9), else when it reached us. */
function reportedTime(timestamp: string | undefined, now: Date): Date {
  const at = timestamp ? new Date(timestamp) : now;
  return Number.isNaN(at.getTime()) ? now : at;
}

async function followSession(ctx: CallContext, connectorId: string, status: Status, at: Date) {
  const { db } = ctx.deps;
  const session = await findActiveSession(db, connectorId);
  if (!session) return;
  const sessionStatus = sessionStatusOf[status];
  if (sessionStatus && session.status !== sessionStatus && session.startedAt) {
    const changed = await updateSessionFrom(
      db,
      session.id,
      ['charging', 'suspendedev', 'suspendedevse'],
      { status: sessionStatus },
    );
    if (changed) {
      await recordChargeEvent(ctx.deps, changed, 'status');
      // SPEC §4 "until fully charged": done when the car stops drawing.
      if (changed.status === 'suspendedev')
        await stopWhenFull(ctx.deps, changed, ctx.connection.log);
    }
  }
  // The car left a parked session: parking ends now and the session is final.
  if (status === 'Available' && session.status === 'parking') {
    await finishSession(ctx.deps, session, {
      chargingEndedAt: session.parkingStartedAt ?? at,
      energyWh: session.energyWh,
      meterStopWh: session.meterStopWh,
      stopReason: session.stopReason ?? 'Local',
      parkingEndedAt: at,
    });
  }
}

/**
 * OCPP 1.6 §4.9: the connector's status reaches the database and then the map (read model).
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
  await recordReportedStatus(deps.db, connection.chargePointId, params.connectorId, {
    status: params.status,
    errorCode: params.errorCode,
    ...(params.info ? { info: params.info } : {}),
    ...(params.vendorErrorCode ? { vendorErrorCode: params.vendorErrorCode } : {}),
    at: at.toISOString(),
  });
  if (params.status === 'Faulted') {
    connection.log.warn(
      { connectorId: params.connectorId, errorCode: params.errorCode, info: params.info },
      'connector faulted',
    );
  }
  if (params.connectorId === 0) return {};
  const connectorId = await setConnectorStatus(
    deps,
    connection.stationId,
    params.connectorId,
    fromOcppStatus(params.status).status,
    shownAt,
  );
  if (!connectorId) {
    connection.log.warn(
      { connectorId: params.connectorId },
      'StatusNotification for a connector the station does not have',
    );
    return {};
  }
  await followSession(ctx, connectorId, params.status, at);
  return {};
};
