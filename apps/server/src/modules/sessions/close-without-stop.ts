import type { FastifyBaseLogger } from 'fastify';
import { finishSession } from './finish';
import { recordMeterAnomaly } from './meter-anomaly';
import { settleMeter } from './meter-settle';
import type { PlacedSession, SessionRow } from './repo';
import type { ChargeDeps } from './start';

/**
 * Why we close a running session that never sent its StopTransaction: the charge point said
 * the connector is free and the stop did not follow within the grace period, or a new
 * transaction replaced it (`noStop`); or the charge point stayed away with no energy for the
 * ghost minutes (`ghost`).
 */
export type NoStopReason = 'noStop' | 'ghost';

/**
 * No session stays open forever: it ends on the meter's last sane reading (meter-timeline.ts),
 * billed for what the meter counted, and marked as closed without a stop. Should its
 * StopTransaction come after all, the stop's meter corrects the bill (reconcile.ts).
 */
export async function closeWithoutStop(
  deps: ChargeDeps,
  session: PlacedSession,
  reason: NoStopReason,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<SessionRow | undefined> {
  const energy = await settleMeter(deps.db, session);
  if (energy.anomaly) await recordMeterAnomaly(deps, session, energy.anomaly, log);
  return finishSession(deps, session, {
    chargingEndedAt: energy.at,
    energyWh: energy.energyWh,
    meterStopWh: null,
    stopReason: reason,
    energySource: 'last_reading',
    isClosedWithoutStop: true,
  });
}
