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
  /**
   * Waits before starting again an instance that died: the first, doubled each time one dies
   * soon after its start (a database that is down), up to the last.
   */
  restartDelayMs?: { first: number; last: number };
  /** How long the instances have to finish what they hold after SIGTERM before SIGKILL. */
  stopTimeoutMs?: number;
};

/** An instance that lived this long before it died is started again after the first wait. */
const STABLE_MS = 60_000;

/** True in a process started by runInstances: the database is prepared already. */
export const isInstanceProcess = (): boolean => cluster.isWorker;

/**
 * Starts `count` instances of this program (node:cluster forks it; in them `isInstanceProcess`
 * is true) and keeps them running until a signal stops them. Rejects when an instance dies
 * before it first listens: a configuration or start error that a restart would only repeat.
 */
export async function runInstances(options: InstancesOptions): Promise<void> {
  const { count, log } = options;
  const { first, last } = options.restartDelayMs ?? { first: 1_000, last: 30_000 };
  const stopTimeoutMs = options.stopTimeoutMs ?? 15_000;
  await options.prepare?.();

  let stopping = false;
  let delay = first;
  const running = new Set<Worker>();

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
        const lived = Date.now() - startedAt;
        delay = lived >= STABLE_MS ? first : delay;
        log('instance died; starting it again', { slot, code, signal, inMs: delay });
        const wait = delay;
        delay = Math.min(last, delay * 2);
        setTimeout(() => restart(slot), wait);
      });
    });
  }

  function restart(slot: number): void {
    if (stopping) return;
    start(slot).catch((error: unknown) => {
      // Not listening yet: the same backoff applies to the next try.
      log('instance failed to start; trying again', { slot, error: String(error), inMs: delay });
      const wait = delay;
      delay = Math.min(last, delay * 2);
      setTimeout(() => restart(slot), wait);
    });
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
    }, stopTimeoutMs);
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
