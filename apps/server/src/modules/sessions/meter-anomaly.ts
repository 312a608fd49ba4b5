import type { FastifyBaseLogger } from 'fastify';
import { tellMeterAnomaly } from '../events';
import { recordChargeEvent } from './events';
import { markMeterAnomaly } from './meter-repo';
import type { MeterAnomaly } from './meter-timeline';
import type { SessionRow } from './repo';
import type { Deps } from '../../deps';

/**
 * The meter claimed more energy than the connector could deliver in the time (meter-timeline.ts
 * `maxEnergyWh`): what it said stays on record (the reading, the stop's meterStop), the session
 * is marked for staff (`GET /api/admin/meter-anomalies`) with the most it claimed, and the driver
 * hears once that only what was plausible is billed. Whoever finds the anomaly (a reading, a
 * stop, a late stop, our close, a partner's CDR) calls this; the bill itself never counts the claim.
 */
export async function recordMeterAnomaly(
  deps: Pick<Deps, 'db' | 'userEvents' | 'chargeEvents'>,
  session: SessionRow & { connectorPowerW: number },
  anomaly: MeterAnomaly,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const marked = await markMeterAnomaly(deps.db, session.id, anomaly.claimedWh);
  // A claim that only grows is kept (staff see the largest); the rest was said the first time.
  if (marked !== 'first') return;
  log.warn(
    {
      transactionId: session.transactionId,
      claimedWh: anomaly.claimedWh,
      at: anomaly.at.toISOString(),
      connectorPowerW: session.connectorPowerW,
    },
    'meter claimed more energy than the connector can deliver: not billed',
  );
  // The live screen and the history say it too (the charge's meterNote).
  await recordChargeEvent(deps, session, 'status');
  await tellMeterAnomaly(deps, session, session.connectorPowerW);
}
