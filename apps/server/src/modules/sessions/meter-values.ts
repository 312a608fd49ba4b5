import type { OCPP16 } from 'typed-ocpp';
import type { ChargePointSender } from './charge-point-sender';
import { costMinor, tariffOf } from './cost';
import { recordChargeEvent } from './events';
import { insertSamples, type Sample } from './meter-repo';
import { readMeterValue } from './meter-reading';
import { findStationSession, runningStatuses, updateSessionFrom } from './repo';
import type { ChargeDeps } from './start';
import { superviseSession } from './supervise';

// OCPP 1.6 §4.7: readings of a running transaction update its session (energy, power, SoC,
// cost so far) and join its samples (the charging screen's chart). Readings outside a
// transaction, or of one we do not know, are answered and dropped.
export async function recordMeterValues(
  deps: ChargeDeps,
  from: ChargePointSender,
  { transactionId, meterValue }: OCPP16.MeterValuesRequest,
): Promise<void> {
  if (transactionId === undefined || transactionId <= 0) return;
  const session = await findStationSession(deps.db, from.stationId, transactionId);
  const isRunning = session && (runningStatuses as readonly string[]).includes(session.status);
  if (!session || !isRunning || session.meterStartWh === null) return;

  const readings = meterValue.map(readMeterValue).sort((a, b) => a.at.getTime() - b.at.getTime());
  let { energyWh } = session;
  let { lastEnergyAt } = session;
  let powerW = session.powerW;
  let socPercent = session.socPercent;
  const samples: Sample[] = [];
  for (const reading of readings) {
    // Energy counts from the session's start and never falls (a meter glitch is not a refund).
    if (reading.registerWh !== undefined && reading.registerWh - session.meterStartWh > energyWh) {
      energyWh = reading.registerWh - session.meterStartWh;
      lastEnergyAt = reading.at;
    }
    powerW = reading.powerW ?? powerW;
    socPercent = reading.socPercent ?? socPercent;
    samples.push({
      sessionId: session.id,
      at: reading.at,
      energyWh,
      powerW: reading.powerW,
      socPercent: reading.socPercent,
    });
  }
  const latest = readings.at(-1);
  if (!latest) return;
  await insertSamples(deps.db, samples);
  const tariff = await tariffOf(deps.db, session.tariffId);
  // Energy spread evenly since the start: exact without zones, close with them; the final
  // cost (finishSession) uses every sample.
  const cost = costMinor(tariff, session, { chargingEndedAt: latest.at, energyWh });
  const updated = await updateSessionFrom(deps.db, session.id, runningStatuses, {
    energyWh,
    powerW,
    socPercent,
    costMinor: cost,
    lastEnergyAt,
  });
  if (!updated) return;
  await recordChargeEvent(deps, updated, 'updated', {
    sample: {
      at: latest.at.toISOString(),
      energyWh,
      powerW: powerW ?? null,
      socPercent: socPercent ?? null,
    },
  });
  // Limits by the charge point's clock: the readings' time is when energy was measured.
  await superviseSession(deps, updated, latest.at, from.log);
}
