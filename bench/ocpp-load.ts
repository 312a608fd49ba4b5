// Benchmark: N simulated charge points on one server instance, each with a running
// transaction sending MeterValues every 10 s. Measures, over a steady window: the server's
// message handling time (its own histogram ocpp_message_duration_seconds at GET /metrics,
// buckets diffed between the window's start and end), the round trip each simulated charge
// point sees (CALL → CALLRESULT), the server process's CPU and memory (/proc), connections
// held, messages per second and errors. The server runs as its own process as in production (the
// compiled build with its start:production flags; SERVER_NODE_FLAGS replaces the flags for a
// trial); the charge points (apps/station-sim) run in worker processes.
//
//   npm run ocpp-load -w @evcharge/bench -- [--charge-points 1000] [--seconds 240] [--warmup 30]
//     [--meter-interval 10] [--workers 1] [--database pglite|postgres://user@host/admin-db]
//     [--short] [--port N] [--trace file.json] [--cpu-prof dir] [--session-seconds N]
//     [--idle-seconds 5]
// --session-seconds N: each session lasts N s on average, then the car leaves (StopTransaction,
// StatusNotifications) and after --idle-seconds the next one starts on the charge point.
// --short is a smoke run (50 charge points, 30 s). On PostgreSQL the benchmark makes its own
// database next to the given one and drops it afterwards.
import type { ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { report, sampleTick, type Tick } from './ocpp-report';
import {
  freshDatabase,
  seed,
  startServer,
  startWorker,
  waitForServer,
  type Worker,
} from './ocpp-setup';
import type { WorkerStation } from './ocpp-stations';
import { busiestOthers, processTable, scrape, total } from './ocpp-stats';

const { values } = parseArgs({
  options: {
    'charge-points': { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    'meter-interval': { type: 'string', default: '10' },
    workers: { type: 'string', default: '1' },
    database: { type: 'string', default: 'pglite' },
    /** Default: a free one (other benchmarks may be running on this machine). */
    port: { type: 'string' },
    /** Write a V8 CPU profile of the server (from start to exit) into this folder. */
    'cpu-prof': { type: 'string' },
    /** Write every MeterValues round trip of the window (answered at, ms) to this JSON file. */
    trace: { type: 'string' },
    /** A smoke run: 50 charge points, 30 s measured. */
    short: { type: 'boolean', default: false },
    /** Sessions end after this long on average and the next one starts; none by default. */
    'session-seconds': { type: 'string' },
    'idle-seconds': { type: 'string', default: '5' },
  },
});
const count = Number(values['charge-points'] ?? (values.short ? 50 : 1000));
const seconds = Number(values.seconds ?? (values.short ? 30 : 240));
const warmupSeconds = Number(values.warmup ?? (values.short ? 15 : 30));
const meterIntervalMs = Number(values['meter-interval']) * 1000;
const sessionMs = values['session-seconds'] ? Number(values['session-seconds']) * 1000 : undefined;
const idleMs = Number(values['idle-seconds']) * 1000;
const workerCount = Math.max(1, Math.min(Number(values.workers), count));
/**
 * Transactions start evenly over this time, so the MeterValues of the charge points are spread
 * evenly over the interval (each samples on its own transaction's clock), as in a real network
 * where cars arrive at random. Slow enough (20 starts a second) that the starts' own messages
 * (Authorize, StartTransaction, statuses) do not clump the answers, and with them the phases.
 */
const rampMs = Math.max(meterIntervalMs, count * 50);
const port = values.port ? Number(values.port) : await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const isPostgres = /^postgres(ql)?:\/\//.test(values.database);
if (!isPostgres && values.database !== 'pglite')
  throw new Error(`--database must be pglite or a postgres:// URL, got ${values.database}`);
for (const [name, value] of Object.entries({ count, seconds, warmupSeconds, meterIntervalMs })) {
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const elapsed = (fromMs: number) => `${((performance.now() - fromMs) / 1000).toFixed(1)} s`;

async function main() {
  console.log(
    `OCPP load: ${count} charge points, MeterValues every ${meterIntervalMs / 1000} s${sessionMs ? `, sessions of ${sessionMs / 1000} s on average then ${idleMs / 1000} s idle` : ''}, ${warmupSeconds} s warm-up, ${seconds} s measured, ${workerCount} station worker(s)`,
  );
  let startedMs = performance.now();
  const { database, target } = await freshDatabase(isPostgres ? values.database : undefined);
  let stations: WorkerStation[];
  try {
    stations = await seed(database, count);
  } finally {
    await database.close();
  }
  console.log(
    `seeded ${count} stations, charge points and RFID tags (${target.where}) in ${elapsed(startedMs)}`,
  );

  const children: ChildProcess[] = [];
  const workers: Worker[] = [];
  try {
    startedMs = performance.now();
    const server = startServer(target, port, values['cpu-prof']);
    children.push(server);
    await waitForServer(server, baseUrl);
    console.log(`server ready in ${elapsed(startedMs)} (pid ${server.pid})`);

    startedMs = performance.now();
    for (let i = 0; i < workerCount; i++) workers.push(startWorker());
    children.push(...workers.map((w) => w.child));
    const slices = workers.map((_, w) => stations.filter((_, i) => i % workerCount === w));
    const connected = await Promise.all(
      workers.map((w, i) =>
        w.ask(
          {
            type: 'connect',
            url: `ws://127.0.0.1:${port}/ocpp`,
            meterIntervalMs,
            stations: slices[i]!,
            concurrency: 20,
          },
          'connected',
        ),
      ),
    );
    const failedToConnect = connected.flatMap((c) => c.failed);
    console.log(
      `${connected.reduce((n, c) => n + c.connected, 0)} charge points connected and booted in ${elapsed(startedMs)}${failedToConnect.length ? `; failed: ${failedToConnect.slice(0, 5).join('; ')}` : ''}`,
    );

    startedMs = performance.now();
    const charging = await Promise.all(
      workers.map((w) =>
        w.ask({ type: 'charge', spreadMs: rampMs, sessionMs, idleMs }, 'charging'),
      ),
    );
    const refused = charging.flatMap((c) => c.refused);
    console.log(
      `${charging.reduce((n, c) => n + c.accepted, 0)} transactions started, spread over ${rampMs / 1000} s, in ${elapsed(startedMs)}${refused.length ? `; refused: ${refused.slice(0, 5).join('; ')}` : ''}`,
    );
    if (failedToConnect.length > 0) throw new Error('not every charge point is connected');
    // Starts refused or unanswered are errors of the run (the report counts them); the charge
    // points that did start go on.

    await sleep(warmupSeconds * 1000);
    console.log(`measuring ${seconds} s …`);

    // The window: metrics and /proc at both ends, /proc every second, /metrics every 10 s.
    const own = new Set([process.pid, process.ppid, ...children.map((c) => c.pid!)]);
    const before = await scrape(baseUrl);
    const processesBefore = processTable();
    await Promise.all(workers.map((w) => w.ask({ type: 'window-start' }, 'window-started')));
    const ticks: Tick[] = [sampleTick(server, workers)];
    const gauges: number[] = [total(before, 'ocpp_connections')];
    const windowEndMs = performance.now() + seconds * 1000;
    let nextScrapeMs = performance.now() + 10_000;
    while (performance.now() < windowEndMs) {
      await sleep(Math.min(1000, windowEndMs - performance.now()));
      ticks.push(sampleTick(server, workers));
      if (performance.now() >= nextScrapeMs && performance.now() < windowEndMs - 1000) {
        nextScrapeMs += 10_000;
        gauges.push(total(await scrape(baseUrl), 'ocpp_connections'));
      }
    }
    const windows = await Promise.all(workers.map((w) => w.ask({ type: 'window-end' }, 'window')));
    const after = await scrape(baseUrl);
    const processesAfter = processTable();
    gauges.push(total(after, 'ocpp_connections'));
    report(
      {
        count,
        meterIntervalMs,
        isPostgres,
        tracePath: values.trace,
        sessionMs,
        failedStarts: refused.length,
      },
      {
        before,
        after,
        ticks,
        gauges,
        windows,
        others: busiestOthers(processesBefore, processesAfter, own, seconds),
        server,
        database: target.database,
      },
    );

    await Promise.all(workers.map((w) => w.ask({ type: 'stop' }, 'stopped')));
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((c) =>
        c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined,
      ),
    );
    await target.cleanUp();
  }
}

await main();
