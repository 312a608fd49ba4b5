import type { Db } from '../../db/client';
import { meterTimeline, setSamplesCounted } from './meter-repo';
import { countedReadings, meterEnergy, type MeterEnergy } from './meter-timeline';
import type { SessionRow } from './repo';

type Metered = Pick<SessionRow, 'id' | 'meterStartWh' | 'startedAt' | 'createdAt'>;

/**
 * What the meter says a session delivered, read from its whole stored timeline (meter-timeline.ts),
 * with the stop's meter when there is one. The readings that count from now on (billed and
 * charted) are those up to the stop, or up to the last sane reading without one.
 */
export async function settleMeter(
  db: Db,
  session: Metered,
  stop?: { meterStopWh: number; at: Date },
): Promise<MeterEnergy> {
  const startedAt = session.startedAt ?? session.createdAt;
  const meterStartWh = session.meterStartWh ?? stop?.meterStopWh ?? 0;
  const timeline = await meterTimeline(db, session.id);
  const energy = meterEnergy({ meterStartWh, startedAt, readings: timeline, stop });
  const counted = countedReadings(timeline, meterStartWh, startedAt, stop?.at ?? energy.at);
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
