import type { OCPP16 } from 'typed-ocpp';
import type { ChargePointSender } from './charge-point-sender';
import { recordChargeEvent } from './events';
import { finishSession } from './finish';
import { findActiveSession, updateSessionFrom } from './repo';
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
      parkingEndedAt: at,
    });
  }
}
