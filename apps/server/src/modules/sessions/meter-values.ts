import type { OCPP16 } from 'typed-ocpp';
import type { ChargePointSender } from './charge-point-sender';
import { pricedCost, ocppSessionTariff } from './cost';
import { recordChargeEvent } from './events';
import { insertSamples, type Sample } from './meter-repo';
import { readMeterValue } from './meter-reading';
import { sessionTime } from './meter-timeline';
import { findStationSession, runningStatuses, updateSessionFrom, type PlacedSession } from './repo';
import type { ChargeDeps } from './start';
import { superviseSession } from './supervise';

const isRunning = (session: PlacedSession) =>
  (runningStatuses as readonly string[]).includes(session.status);

/** When energy stopped counting for a session that no longer runs (its stop, or our close). */
function chargingEndOf(session: PlacedSession): Date | undefined {
  if (isRunning(session)) return undefined;
  return session.parkingStartedAt ?? session.stoppedAt ?? session.startedAt ?? undefined;
}

/**
 * OCPP 1.6 §4.7: readings of a transaction join its timeline as the meter said them, at the
 * time it took them (meter-timeline.ts), whatever order they arrive in. A running session's
 * energy, power, SoC and cost so far follow the newest sane reading; a late one fills in the
 * past; one that falls below the register (a reset) or is timestamped after the transaction's
 * stop is kept for the record and never billed. Readings outside a transaction, or of one we
 * do not know, are answered and dropped.
 */
export async function recordMeterValues(
  deps: ChargeDeps,
  from: ChargePointSender,
  { transactionId, meterValue }: OCPP16.MeterValuesRequest,
): Promise<void> {
  if (transactionId === undefined || transactionId <= 0) return;
  const session = await findStationSession(deps.db, from.stationId, transactionId);
  if (!session || session.meterStartWh === null || !session.startedAt) return;
  const { meterStartWh, startedAt } = session;
  const receivedAt = new Date();
  const readings = meterValue
    .map(readMeterValue)
    .map((reading) => ({
      ...reading,
      at: sessionTime(reading.at, session.clockOffsetMs, receivedAt),
    }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  if (readings.length === 0) return;

  const endedAt = chargingEndOf(session);
  let { energyWh, lastEnergyAt, powerW, socPercent } = session;
  let lastReadingAt = session.lastReadingAt ?? startedAt;
  let newest: (typeof readings)[number] | undefined;
  const samples: Sample[] = readings.map((reading) => {
    const register = reading.registerWh;
    const isInside = reading.at >= startedAt && (!endedAt || reading.at <= endedAt);
    // Only a running session has a newest reading to compare with; a closed one's are history.
    const isNewest = !endedAt && reading.at >= lastReadingAt;
    const highest = meterStartWh + energyWh;
    // A newer reading below the register is a reset (or a glitch): not a refund, not counted.
    const isCounted =
      isInside &&
      (register === undefined || register >= meterStartWh) &&
      (register === undefined || !isNewest || register >= highest);
    if (isCounted && isNewest) {
      if (register !== undefined && register > highest) {
        energyWh = register - meterStartWh;
        lastEnergyAt = reading.at;
      }
      lastReadingAt = reading.at;
      powerW = reading.powerW ?? powerW;
      socPercent = reading.socPercent ?? socPercent;
      newest = reading;
    }
    return {
      sessionId: session.id,
      at: reading.at,
      energyWh: register === undefined ? energyWh : Math.max(0, register - meterStartWh),
      registerWh: register ?? null,
      powerW: reading.powerW,
      socPercent: reading.socPercent,
      isCounted,
    };
  });
  await insertSamples(deps.db, samples);
  // A late reading, or one of a session that no longer runs: the record only.
  if (!newest || endedAt) return;

  const tariff = await ocppSessionTariff(deps.db, session);
  // Energy spread evenly since the start: exact without zones, close with them; the final
  // cost (finishSession) uses every counted reading.
  const cost = pricedCost(tariff, session, { chargingEndedAt: lastReadingAt, energyWh });
  const updated = await updateSessionFrom(deps.db, session.id, runningStatuses, {
    energyWh,
    powerW,
    socPercent,
    costMinor: cost.costMinor,
    loyaltyDiscountMinor: cost.discountMinor,
    lastEnergyAt,
    lastReadingAt,
  });
  if (!updated) return;
  await recordChargeEvent(deps, updated, 'updated', {
    sample: {
      at: newest.at.toISOString(),
      energyWh,
      powerW: powerW ?? null,
      socPercent: socPercent ?? null,
    },
  });
  // Limits by the session's timeline: the readings' time is when energy was measured.
  await superviseSession(deps, updated, lastReadingAt, from.log);
}
