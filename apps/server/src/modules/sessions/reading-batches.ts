import type { Db } from '../../db/client';
import { recordReadings, type ReadingWrite, type ReadingWritten } from './meter-repo';
import { runningStatuses } from './repo';

// Group commit for MeterValues (OCPP 1.6 §4.7): a write goes to the database at once while
// fewer than IN_FLIGHT statements are running; otherwise it waits for one of them and goes with
// every write that arrived meanwhile, in one statement and one commit. A quiet network pays no
// wait; a busy one (5,000 charge points reading every 10 s) pays one round trip, one plan run
// and one commit for many readings instead of one each.

/** Statements in flight per database before writes wait to go together. */
const IN_FLIGHT = 2;
/** Writes in one statement at most. */
const MAX_BATCH = 400;

type Waiting = {
  write: ReadingWrite;
  resolve: (written: ReadingWritten | undefined) => void;
  reject: (error: unknown) => void;
};
type Queue = { waiting: Waiting[]; inFlight: number };
const queues = new WeakMap<Db, Queue>();

/** A running session's readings written (meter-repo.ts recordReadings), grouped with others. */
export function recordRunningReadings(
  db: Db,
  write: ReadingWrite,
): Promise<ReadingWritten | undefined> {
  let queue = queues.get(db);
  if (!queue) {
    queue = { waiting: [], inFlight: 0 };
    queues.set(db, queue);
  }
  const promise = new Promise<ReadingWritten | undefined>((resolve, reject) => {
    queue.waiting.push({ write, resolve, reject });
  });
  if (queue.inFlight < IN_FLIGHT) send(db, queue);
  return promise;
}

function send(db: Db, queue: Queue) {
  const batch = queue.waiting.splice(0, MAX_BATCH);
  if (batch.length === 0) return;
  queue.inFlight++;
  void write(db, batch).finally(() => {
    queue.inFlight--;
    if (queue.waiting.length > 0) send(db, queue);
  });
}

async function write(db: Db, batch: readonly Waiting[]): Promise<void> {
  try {
    const written = await recordReadings(
      db,
      runningStatuses,
      batch.map((waiting) => waiting.write),
    );
    batch.forEach((waiting, i) => waiting.resolve(written[i]));
  } catch (error) {
    if (batch.length === 1) {
      batch[0]!.reject(error);
      return;
    }
    // One write's failure must not fail the others: each goes again on its own.
    await Promise.all(
      batch.map(async (waiting) => {
        try {
          const [written] = await recordReadings(db, runningStatuses, [waiting.write]);
          waiting.resolve(written);
        } catch (alone) {
          waiting.reject(alone);
        }
      }),
    );
  }
}
