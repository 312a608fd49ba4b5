import type { OCPP16 } from 'typed-ocpp';
import { tellParkingStarted } from '../events';
import type { ChargePointSender } from './charge-point-sender';
import { pricedCost, ocppSessionTariff } from './cost';
import { insertChargeEventIn } from './events';
import { finishSession } from './finish';
import { recordMeterAnomaly } from './meter-anomaly';
import { insertStopSample, settleMeter } from './meter-settle';
import { reconcileLateStop } from './reconcile';
import { stopTimeOf } from './start-clock';
import { findStationSession, runningStatuses, updateSessionFrom } from './repo';
import type { ChargeDeps } from './start';

type Answer = OCPP16.StopTransactionResponse;
type StopReason = NonNullable<OCPP16.StopTransactionRequest['reason']>;

// The driver (or we, remotely) ended charging and the car is most likely still plugged in:
// parking time starts (SPEC §9). Other reasons end the session where it stands.
const parkingReasons: readonly StopReason[] = ['Local', 'Remote'];

/**
 * OCPP 1.6 §4.10. The energy is the stop's meter less the start's when that is sane, else the
 * last sane reading (meter-timeline.ts); readings timestamped after the stop are not billed.
 * Idempotent (STACK.md: charge points may send it twice): only a running session changes, so
 * a repeat, or a stop for a transaction we refused, changes nothing and is still answered
 * Accepted. The one exception is a session we closed without its stop: the late stop's meter
 * corrects its bill, once (reconcile.ts).
 */
export async function stopTransaction(
  deps: ChargeDeps,
  from: ChargePointSender,
  params: OCPP16.StopTransactionRequest,
): Promise<Answer> {
  const answer: Answer = { idTagInfo: { status: 'Accepted' } };
  const session = await findStationSession(deps.db, from.stationId, params.transactionId);
  if (!session) return answer;
  const receivedAt = new Date();
  if (!(runningStatuses as readonly string[]).includes(session.status)) {
    if (session.closedWithoutStopAt && !session.reconciledAt && session.status === 'success')
      await reconcileLateStop(deps, session, params, receivedAt, from.log);
    return answer;
  }

  const stoppedAt = stopTimeOf(session, params.timestamp, receivedAt);
  const reason: StopReason = params.reason ?? 'Local';
  const energy = await settleMeter(deps.db, session, {
    meterStopWh: params.meterStop,
    at: stoppedAt,
  });
  if (energy.anomaly) await recordMeterAnomaly(deps, session, energy.anomaly, from.log);
  else if (energy.source === 'last_reading')
    from.log.warn(
      { transactionId: session.transactionId, meterStop: params.meterStop },
      'impossible meterStop: billed on the last sane reading',
    );
  await insertStopSample(
    deps.db,
    session.id,
    { at: stoppedAt, meterStopWh: params.meterStop },
    energy,
  );
  const end = {
    chargingEndedAt: stoppedAt,
    energyWh: energy.energyWh,
    meterStopWh: params.meterStop,
    stopReason: reason,
    energySource: energy.source,
  };

  if (!parkingReasons.includes(reason)) {
    await finishSession(deps, session, end);
    return answer;
  }
  const tariff = await ocppSessionTariff(deps.db, session);
  const cost = pricedCost(tariff, session, end);
  const parked = await deps.db.transaction(async (tx) => {
    const row = await updateSessionFrom(tx, session.id, runningStatuses, {
      status: 'parking',
      energyWh: energy.energyWh,
      meterStopWh: params.meterStop,
      energySource: energy.source,
      powerW: 0,
      parkingStartedAt: stoppedAt,
      stopReason: reason,
      costMinor: cost.costMinor,
      loyaltyDiscountMinor: cost.discountMinor,
      stopRequestedAt: null,
      stopSuspectedAt: null,
    });
    // With the change it tells of: a crash in between cannot lose it (events.ts).
    if (row) await insertChargeEventIn(tx, row, 'parking', { reason });
    return row;
  });
  if (parked) {
    deps.chargeEvents.notify(parked.userId);
    await tellParkingStarted(deps, parked, tariff);
  }
  from.log.info({ transactionId: session.transactionId, reason }, 'charging ended, parking');
  return answer;
}
