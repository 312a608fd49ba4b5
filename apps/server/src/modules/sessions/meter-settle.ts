import type { Db } from '../../db/client';
import { insertSamples, meterTimeline, setSamplesCounted } from './meter-repo';
import { countedReadings, meterEnergy, type MeterEnergy } from './meter-timeline';
import type { PlacedSession } from './repo';

type Metered = Pick<
  PlacedSession,
  'id' | 'meterStartWh' | 'startedAt' | 'createdAt' | 'connectorPowerW'
>;

/**
 * What the meter says a session delivered, read from its whole stored timeline (meter-timeline.ts),
 * with the stop's meter when there is one. The readings that count from now on (billed and
 * charted) are those up to the stop, or up to the last sane reading without one. Its `anomaly`
 * says the meter claimed more than the connector could deliver (the caller records it).
 */
export async function settleMeter(
  db: Db,
  session: Metered,
  stop?: { meterStopWh: number; at: Date },
): Promise<MeterEnergy> {
  const startedAt = session.startedAt ?? session.createdAt;
  const meterStartWh = session.meterStartWh ?? stop?.meterStopWh ?? 0;
  const timeline = await meterTimeline(db, session.id);
  const scale = { meterStartWh, startedAt, maxPowerW: session.connectorPowerW };
  const energy = meterEnergy({ ...scale, readings: timeline, stop });
  const counted = countedReadings(timeline, scale, stop?.at ?? energy.at);
  const changed = timeline.filter((reading) => counted.has(reading) !== reading.isCounted);
  await setSamplesCounted(
    db,
    changed.filter((reading) => !reading.isCounted).map((reading) => reading.id),
    true,
  );
  await setSamplesCounted(
    db,
    changed.filter((reading) => reading.isCounted).map((reading) => reading.id),
    false,
  );
  return energy;
}

/**
 * The stop's reading on the timeline (the chart's last point): its register when its meter was
 * sane, none when the energy came from the last sane reading.
 */
export async function insertStopSample(
  db: Db,
  sessionId: string,
  stop: { at: Date; meterStopWh: number },
  energy: MeterEnergy,
): Promise<void> {
  await insertSamples(db, [
    {
      sessionId,
      at: stop.at,
      energyWh: energy.energyWh,
      registerWh: energy.source === 'meter_stop' ? stop.meterStopWh : null,
      powerW: 0,
    },
  ]);
}
