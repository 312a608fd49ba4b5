import type { FastifyBaseLogger } from 'fastify';
import { runEvery } from '../../repeat';
import { MAX_QUEUED_AGE_MS } from './meter-timeline';
import { deleteChargeEventsBefore, deleteSamplesBefore } from './retention-repo';
import type { ChargeDeps } from './start';

// Retention: drivers' charge events (the long poll's feed, read within minutes) and sessions'
// meter readings (the charging screen's chart, the final cost) grow with every MeterValues;
// what is older than CHARGE_EVENTS_RETENTION_DAYS / CHARGING_SAMPLES_RETENTION_DAYS goes.
// Never what is still needed: the events and readings of open sessions (finishSession prices
// from the readings), and the readings of a session closed without its StopTransaction while
// that stop may still come (decision 008: a late stop reconciles against them; a charge point
// queues at most MAX_QUEUED_AGE_MS).

const DAY_MS = 24 * 60 * 60_000;
/** Rows per delete: short statements that never hold up the MeterValues path for long. */
export const RETENTION_BATCH = 5000;
/** Batches per table per pass; the rest waits for the next pass. */
const MAX_BATCHES = 100;
/** Passes run hourly. */
const RETENTION_SWEEP_SECONDS = 60 * 60;

async function inBatches(size: number, deleteBatch: (size: number) => Promise<number>) {
  let deleted = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const count = await deleteBatch(size);
    deleted += count;
    if (count < size) break;
  }
  return deleted;
}

/** One pass at `now`, `batch` rows per delete: how many events and readings were deleted. */
export async function pruneChargeHistory(
  deps: Pick<ChargeDeps, 'db' | 'config'>,
  now = new Date(),
  batch = RETENTION_BATCH,
): Promise<{ events: number; samples: number }> {
  const { db, config } = deps;
  const eventsBefore = new Date(now.getTime() - config.charging.eventsRetentionDays * DAY_MS);
  const samplesBefore = new Date(now.getTime() - config.charging.samplesRetentionDays * DAY_MS);
  const lateStopSince = new Date(now.getTime() - MAX_QUEUED_AGE_MS);
  const events = await inBatches(batch, (size) => deleteChargeEventsBefore(db, eventsBefore, size));
  const samples = await inBatches(batch, (size) =>
    deleteSamplesBefore(db, samplesBefore, lateStopSince, size),
  );
  return { events, samples };
}

/** Prunes every hour until the returned stop is called. */
export function startRetentionSweep(
  deps: Pick<ChargeDeps, 'db' | 'config'>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  return runEvery(
    RETENTION_SWEEP_SECONDS,
    async () => {
      const pruned = await pruneChargeHistory(deps);
      if (pruned.events + pruned.samples > 0) log.info(pruned, 'charge history pruned');
    },
    log,
    'charge history retention',
  );
}
