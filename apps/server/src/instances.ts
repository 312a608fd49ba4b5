import cluster, { type Worker } from 'node:cluster';

// INSTANCES (config.ts): several server processes on one machine share its port through
// node:cluster, so a server uses every core. Each process is a whole instance, as behind a load
// balancer (docs/deploy.md): its own database pool, station read model, charge-point sockets and
// long polls, everything shared going through PostgreSQL (and Redis). The first process only
// watches: it prepares the database once, starts the instances one after the other, starts
// again one that dies, and stops them all on SIGTERM or SIGINT.

export type InstancesOptions = {
  count: number;
  /** Runs once before the first instance starts (migrations, demo data). */
  prepare?: () => Promise<void>;
  /** Told once, when every instance listens. */
  onReady?: () => void;
  log: (message: string, fields?: Record<string, unknown>) => void;
};

/**
 * The wait before starting again an instance that died: the first, doubled each time one dies
 * soon after its start (a database that is down), up to the last; an instance that lived
 * STABLE_MS before it died starts the waits over.
 */
const FIRST_RESTART_MS = 1_000;
const LAST_RESTART_MS = 30_000;
const STABLE_MS = 60_000;
/** How long the instances have to finish what they hold after SIGTERM before SIGKILL. */
const STOP_TIMEOUT_MS = 15_000;

/** True in a process started by runInstances: the database is prepared already. */
export const isInstanceProcess = (): boolean => cluster.isWorker;

/**
 * Starts `count` instances of this program (node:cluster forks it; in them `isInstanceProcess`
 * is true) and keeps them running until a signal stops them. Rejects when an instance dies
 * before it first listens: a configuration or start error that a restart would only repeat.
 */
export async function runInstances(options: InstancesOptions): Promise<void> {
  const { count, log } = options;
  await options.prepare?.();

  let stopping = false;
  let delay = FIRST_RESTART_MS;
  const running = new Set<Worker>();

  /** Starts the slot again after the current wait, and doubles the wait for the next time. */
  function restartLater(slot: number, message: string, fields: Record<string, unknown>): void {
    log(message, { slot, ...fields, inMs: delay });
    setTimeout(() => restart(slot), delay);
    delay = Math.min(LAST_RESTART_MS, delay * 2);
  }

  /** Forks one instance; resolves when it listens, rejects if it exits before. */
  function start(slot: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const startedAt = Date.now();
      let listening = false;
      running.add(worker);
      worker.once('listening', () => {
        listening = true;
        resolve();
      });
      worker.once('exit', (code, signal) => {
        running.delete(worker);
        if (stopping) return;
        if (!listening) {
          reject(new Error(`instance ${slot} exited before it listened (code ${code}, ${signal})`));
          return;
        }
        if (Date.now() - startedAt >= STABLE_MS) delay = FIRST_RESTART_MS;
        restartLater(slot, 'instance died; starting it again', { code, signal });
      });
    });
  }

  function restart(slot: number): void {
    if (stopping) return;
    // Not listening yet: the same backoff applies to the next try.
    start(slot).catch((error: unknown) =>
      restartLater(slot, 'instance failed to start; trying again', { error: String(error) }),
    );
  }

  /** SIGTERM to every instance, SIGKILL to those still running after stopTimeoutMs. */
  function stopAll(): Promise<void> {
    stopping = true;
    const exits = [...running].map(
      (worker) => new Promise<void>((resolve) => worker.once('exit', () => resolve())),
    );
    for (const worker of running) worker.process.kill('SIGTERM');
    const timer = setTimeout(() => {
      for (const worker of running) worker.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    return Promise.all(exits).then(() => clearTimeout(timer));
  }

  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    log('stopping the instances', { signal });
    void stopAll().then(() => process.exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);

  try {
    // One after the other: each finds what the one before made at its start.
    for (let slot = 1; slot <= count; slot++) await start(slot);
  } catch (error) {
    await stopAll();
    throw error;
  }
  log('instances ready', { count });
  options.onReady?.();
}
