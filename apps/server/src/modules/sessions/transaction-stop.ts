import type { OCPP16 } from 'typed-ocpp';
import { tellParkingStarted } from '../events';
import type { ChargePointSender } from './charge-point-sender';
import { costMinor, tariffOf } from './cost';
import { recordChargeEvent } from './events';
import { finishSession } from './finish';
import { insertSamples } from './meter-repo';
import { findStationSession, runningStatuses, updateSessionFrom } from './repo';
import type { ChargeDeps } from './start';

type Answer = OCPP16.StopTransactionResponse;
type StopReason = NonNullable<OCPP16.StopTransactionRequest['reason']>;

// The driver (or we, remotely) ended charging and the car is most likely still plugged in:
// parking time starts (SPEC §9). Other reasons end the session where it stands.
const parkingReasons: readonly StopReason[] = ['Local', 'Remote'];

/**
 * OCPP 1.6 §4.10. Idempotent (STACK.md: charge points may send it twice): only a running
 * session changes, so a repeat, or a stop for a transaction we refused, changes nothing and
 * is still answered Accepted.
 */
export async function stopTransaction(
  deps: ChargeDeps,
  from: ChargePointSender,
  params: OCPP16.StopTransactionRequest,
): Promise<Answer> {
  const answer: Answer = { idTagInfo: { status: 'Accepted' } };
  const session = await findStationSession(deps.db, from.stationId, params.transactionId);
  if (!session || !(runningStatuses as readonly string[]).includes(session.status)) return answer;

  const stoppedAt = new Date(params.timestamp);
  const reason: StopReason = params.reason ?? 'Local';
  const meterStart = session.meterStartWh ?? params.meterStop;
  const energyWh = Math.max(session.energyWh, params.meterStop - meterStart);
  await insertSamples(deps.db, [{ sessionId: session.id, at: stoppedAt, energyWh, powerW: 0 }]);
  const end = {
    chargingEndedAt: stoppedAt,
    energyWh,
    meterStopWh: params.meterStop,
    stopReason: reason,
  };

  if (!parkingReasons.includes(reason)) {
    await finishSession(deps, session, end);
    return answer;
  }
  const tariff = await tariffOf(deps.db, session.tariffId);
  const parked = await updateSessionFrom(deps.db, session.id, runningStatuses, {
    status: 'parking',
    energyWh,
    meterStopWh: params.meterStop,
    powerW: 0,
    parkingStartedAt: stoppedAt,
    stopReason: reason,
    costMinor: costMinor(tariff, session, end),
    stopRequestedAt: null,
  });
  if (parked) {
    await recordChargeEvent(deps, parked, 'parking', { reason });
    await tellParkingStarted(deps, parked, tariff);
  }
  from.log.info({ transactionId: session.transactionId, reason }, 'charging ended, parking');
  return answer;
}
