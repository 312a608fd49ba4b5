import type { OCPP16 } from 'typed-ocpp';
import type { ChargePointSender } from './charge-point-sender';
import { recordChargeEvent } from './events';
import { sessionTime } from './meter-timeline';
import { finishSession } from './finish';
import { chargePointOfConnector } from './charge-point-repo';
import {
  clearStopSuspicion,
  findActiveSession,
  runningStatuses,
  suspectStop,
  updateSessionFrom,
  type PlacedSession,
} from './repo';
import type { ChargeDeps } from './start';
import { stopWhenFull } from './supervise';

type Status = OCPP16.StatusNotificationRequest['status'];

// While a transaction runs, the connector's status is the session's too (charging screen).
const sessionStatusOf: Partial<Record<Status, 'charging' | 'suspendedev' | 'suspendedevse'>> = {
  Charging: 'charging',
  SuspendedEV: 'suspendedev',
  SuspendedEVSE: 'suspendedevse',
};

/**
 * The connector is free by the charge point's word, yet its transaction never stopped here:
 * its StopTransaction is late or lost. Ask for the connector's status and meter
 * (OCPP 1.6 §5.17 TriggerMessage); the sweep closes the session on its meter if no stop comes
 * within the grace period (close-without-stop.ts).
 */
async function askAboutFreeConnector(
  deps: ChargeDeps,
  from: ChargePointSender,
  session: PlacedSession,
): Promise<void> {
  const suspected = await suspectStop(deps.db, session.id, new Date());
  if (!suspected) return;
  from.log.warn(
    { transactionId: session.transactionId },
    'connector reported free while its session runs: asking the charge point',
  );
  const chargePointId = await chargePointOfConnector(deps.db, session.connectorId);
  if (!chargePointId) return;
  const connectorId = session.connectorNumber;
  // In the background: the charge point is waiting for our answer to its StatusNotification.
  void (async () => {
    for (const requestedMessage of ['MeterValues', 'StatusNotification'] as const) {
      await deps.chargePoints
        .triggerMessage(chargePointId, { requestedMessage, connectorId })
        .catch((error: unknown) =>
          from.log.debug({ err: error, requestedMessage }, 'TriggerMessage failed'),
        );
    }
  })();
}

/**
 * OCPP 1.6 §4.9: the session on a connector follows the status the charge point reported
 * for it at `at` (the charge point's clock).
 */
export async function followConnectorStatus(
  deps: ChargeDeps,
  from: ChargePointSender,
  connectorId: string,
  status: Status,
  at: Date,
): Promise<void> {
  const { db } = deps;
  const session = await findActiveSession(db, connectorId);
  if (!session) return;
  const isRunning = (runningStatuses as readonly string[]).includes(session.status);
  // Only Available says the car is gone. Finishing (OCPP 1.6 §4.9: the transaction has
  // stopped, the connector is not yet free) is how many charge points announce the
  // StopTransaction they send next: an ordinary end, nothing to ask about.
  if (isRunning && session.startedAt && status === 'Available') {
    await askAboutFreeConnector(deps, from, session);
  } else if (isRunning && session.stopSuspectedAt && sessionStatusOf[status]) {
    // Charging after all (its status had come out of order): nothing to suspect.
    await clearStopSuspicion(db, session.id);
  }
  const sessionStatus = sessionStatusOf[status];
  if (sessionStatus && session.status !== sessionStatus && session.startedAt) {
    const changed = await updateSessionFrom(
      db,
      session.id,
      ['charging', 'suspendedev', 'suspendedevse'],
      { status: sessionStatus },
    );
    if (changed) {
      await recordChargeEvent(deps, changed, 'status');
      // SPEC §4 "until fully charged": done when the car stops drawing.
      if (changed.status === 'suspendedev') await stopWhenFull(deps, changed, from.log);
    }
  }
  // The car left a parked session: parking ends now and the session is final.
  if (status === 'Available' && session.status === 'parking') {
    await finishSession(deps, session, {
      chargingEndedAt: session.parkingStartedAt ?? at,
      energyWh: session.energyWh,
      meterStopWh: session.meterStopWh,
      stopReason: session.stopReason ?? 'Local',
      // The car left by the charge point's clock, on the session's timeline.
      parkingEndedAt: sessionTime(at, session.clockOffsetMs, new Date()),
    });
  }
}
