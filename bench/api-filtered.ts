// Benchmark: POST /api/chargestations/filtered (the signed-in station search) over N stations,
// beside a bare Fastify route in the same run, while simulated charge points change their
// connectors' statuses over OCPP (status-driver.ts). The headline: every request a new random
// point and filter, so no two searches are alike and no kept answer helps (the search's own
// cost); throughput against bare, and p99 at half of that load, as Chromium and Firefox ask
// (answers in zstd). Then the same searches as Safari asks (brotli), the visitor's route the
// same way, and, as a secondary line, the ten repeated city searches that kept answers serve.
//
//   npm run api -w @evcharge/bench -- [--stations 100000] [--seconds 15] [--connections 10]
//     [--charge-points 1000] [--status-period 60] [--database pglite|postgres://user@host/admin-db]
//     [--instances N] [--rounds 3]
// --instances: server processes sharing the port (INSTANCES, apps/server/src/instances.ts); by
// default one per core on PostgreSQL (docs/deploy.md), one on PGlite. With more than one, the
// bare route is measured both alone and as that many processes, and the higher is the yardstick.
// --status-period: seconds between two status changes of one charge point (on average).
// --rounds: the headline runs (the bare route, every search new at full load, then at half of
// that) are run this many times one after the other; the ratio and the p99 at half load reported
// are the medians over the rounds, every round's printed beside them. The machines these runs
// share swing by a fifth from one minute to the next (bench/RESULTS.md): a bare run and a search
// run side by side see the same machine, and one disturbed round does not decide a figure.
// The server and the bare route run as production runs the server: compiled by
// apps/server/build.mjs and started with plain node and the flags of `start:production`
// (start-server.ts productionServer). SERVER_NODE_FLAGS (space-separated) replaces those flags
// for a trial, as in long-polls.ts: SERVER_NODE_FLAGS="--max-semi-space-size=64" npm run api …
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import autocannon from 'autocannon';
import { demoAccounts, insertDemoAccounts } from '../apps/server/src/demo/accounts';
import { CLIENT_USER_TYPE } from '../packages/domain/src/constants';
import { generateStations, insertStations } from '../apps/server/src/demo/seed';
import { freshDatabase } from './ocpp-setup';
import { processTreeCpuSeconds } from './ocpp-stats';
import { centres, newSearches } from './search-queries';
import { compiled, productionServer, registerBenchChargePoints } from './start-server';
import type { DriverCommand, DriverReply, DriverStation } from './status-driver';

// autocannon turns the body of every answer into a string, for onResponse and verifyBody,
// which these runs do not use. For a compressed answer that is a UTF-8 decoding of 2 kB of
// binary bytes per answer: 30-45 % of the load generator's time on the new searches (a CPU
// profile of this process), taken from the two cores the server runs on. What a client does
// with an answer is not the server's cost: the runs keep only the byte count autocannon
// reports, for the bare route as for the search.
const pipelinedRequests = createRequire(import.meta.url)(
  'autocannon/lib/pipelinedRequestsQueue.js',
) as { prototype: { addBody: (data: Buffer) => void } };
pipelinedRequests.prototype.addBody = () => undefined;

// A new search for every request means a new request on the wire each time, and autocannon
// builds one per request (setupRequest: its headers merged and the request text written and
// encoded again): 81 µs of the load generator's CPU per new search against 34 for a repeated
// body (bench/RESULTS.md), on the two cores the server runs on. The bare route's requests
// are built once, before its run; the new searches are now too: each run takes its requests,
// every one a new search, from bytes written before it starts (`Prewritten`, built by
// autocannon's own request builder, so the bytes are the ones it would send), and builds more
// as it goes if a run outlasts them.
type Prewritten = { next: () => Buffer };
const requireHere = createRequire(import.meta.url);
const httpClient = requireHere('autocannon/lib/httpClient.js') as {
  prototype: {
    getRequestBuffer: (this: AutocannonClient) => Buffer;
    _doRequest: (this: PacedClient) => void;
  };
};
type AutocannonClient = { requestIterator: { currentRequest: { prewritten?: Prewritten } } };
const requestBuffer = httpClient.prototype.getRequestBuffer;
httpClient.prototype.getRequestBuffer = function (this: AutocannonClient) {
  const prewritten = this.requestIterator.currentRequest.prewritten;
  return prewritten ? prewritten.next() : requestBuffer.call(this);
};
// A fixed rate (autocannon's overallRate) lets each connection send its quota for the second as
// fast as it can and then wait for the next second: at half the full rate, full load for half of
// every second and nothing for the other half, not a steady half load. Each connection here sends
// evenly instead: one request every 1000/rate ms (its own share of the rate), the connections'
// phases spread over that interval, and at once when it has fallen behind.
type PacedClient = {
  rate?: number;
  reqsMadeThisSecond: number;
  destroyed: boolean;
  pacedAt?: number;
};
const sendNext = httpClient.prototype._doRequest;
let pacedClients = 0;
httpClient.prototype._doRequest = function paced(this: PacedClient) {
  if (!this.rate) return sendNext.call(this);
  const interval = 1000 / this.rate;
  const now = performance.now();
  this.pacedAt ??= now + (interval * (pacedClients++ % connections)) / connections;
  // Timers fire on whole milliseconds: within one of the schedule is on time.
  if (now < this.pacedAt - 1) {
    setTimeout(() => {
      if (!this.destroyed) paced.call(this);
    }, this.pacedAt - now).unref();
    return;
  }
  this.pacedAt += interval;
  this.reqsMadeThisSecond = 0; // the per-second quota never holds a paced request back
  return sendNext.call(this);
};
const requestBuilder = requireHere('autocannon/lib/httpRequestBuilder.js') as (defaults: {
  hostname: string;
  port: number;
  path: string;
  method: string;
  headers: Record<string, string>;
}) => (request: { body: string }) => Buffer;

/** `count` requests to `url`, each a new search, and more on demand once they run out. */
function prewrittenSearches(url: string, headers: Record<string, string>, count: number) {
  const { hostname, port, pathname } = new URL(url);
  const build = requestBuilder({
    hostname,
    port: Number(port),
    path: pathname,
    method: 'POST',
    headers,
  });
  const written = Array.from({ length: count }, () => build({ body: uniqueSearch() }));
  let taken = 0;
  return {
    next: () => (taken < written.length ? written[taken++]! : build({ body: uniqueSearch() })),
  };
}

// The load generator's own collections hold up its reading of answers, and that wait would count
// as the server's latency: writing a run's requests just before it (above) left a full collection
// due in its first second (at half load, 154 of the 231 answers over 10 ms came in its first 0.6
// s). Each run starts after a collection of the generator's garbage.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const { values } = parseArgs({
  options: {
    stations: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
    'charge-points': { type: 'string', default: '1000' },
    'status-period': { type: 'string', default: '60' },
    /** pglite, or a PostgreSQL server's admin URL: the benchmark makes its own database there. */
    database: { type: 'string', default: 'pglite' },
    instances: { type: 'string' },
    rounds: { type: 'string', default: '3' },
  },
});
const stationCount = Number(values.stations);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const chargePointCount = Number(values['charge-points']);
const statusPeriodMs = Number(values['status-period']) * 1000;
const roundCount = Math.max(1, Number(values.rounds));
const instances = Number(
  values.instances ?? (values.database === 'pglite' ? 1 : availableParallelism()),
);

// The secondary line: the same ten searches asked again and again (kept answers serve them).
const search = (lat: number, lng: number, i: number) =>
  JSON.stringify({
    connectorTypes: i % 2 ? ['ccs2', 'chademo'] : ['type2', 'ccs2'],
    near: { lat, lng, radiusKm: 50 },
    powerKw: i % 3 ? undefined : { min: 50 },
    page: 1,
    pageSize: 20,
  });
const bodies = centres.map(([lat, lng], i) => search(lat, lng, i));
const newSearch = newSearches(7);
const uniqueSearch = () => JSON.stringify(newSearch());

/** Builds a server of bench/ as production builds the server and starts it (productionServer). */
function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const { entry, execArgv } = productionServer(script);
  const child = fork(entry, {
    execArgv,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

// What a browser sends: the answers travel compressed when the server compresses them.
// Chromium (since 123) and Firefox (since 126) ask for zstd too; Safari does not, and its
// drivers' searches are measured in a run of their own.
const browserHeaders = {
  'content-type': 'application/json',
  'accept-encoding': 'gzip, deflate, br, zstd',
};
const safariAcceptEncoding = 'gzip, deflate, br';

/**
 * CPU seconds the server has used so far, all its processes and threads (the instances, their
 * event loops, libuv's pools), or null without /proc: what a run costs the server, less bent by other work on the machine than
 * a throughput.
 */
const cpuSeconds = (pid: number | undefined) =>
  pid === undefined ? null : (processTreeCpuSeconds(pid) ?? null);

async function load(
  url: string,
  options: {
    rate?: number;
    token?: string;
    neverTwice?: boolean;
    serverPid?: number;
    acceptEncoding?: string;
  } = {},
) {
  const headers = {
    ...browserHeaders,
    ...(options.acceptEncoding ? { 'accept-encoding': options.acceptEncoding } : {}),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
  };
  // Enough for the run at 15,000 a second (or its fixed rate); more are built if it is faster.
  const prewritten = options.neverTwice
    ? prewrittenSearches(url, headers, Math.ceil((options.rate ?? 15_000) * seconds * 1.05))
    : null;
  collectGarbage();
  const cpuBefore = cpuSeconds(options.serverPid);
  const clientCpuBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers,
    requests: prewritten
      ? [{ method: 'POST', body: uniqueSearch(), prewritten } as autocannon.Request]
      : bodies.map((body) => ({ method: 'POST', body })),
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  // Refusals (503 under load shedding) and failures are counted and printed, not hidden.
  if (result.requests.total === 0) throw new Error(`${url}: no answers`);
  const cpuAfter = cpuSeconds(options.serverPid);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  return {
    /** This process's CPU time per request, µs: the load generator's share of the two cores. */
    clientCpuUs: (clientCpu.user + clientCpu.system) / Math.max(1, result.requests.total),
    /** The server's CPU time per answered request, µs (all threads), or null. */
    cpuUs:
      cpuBefore === null || cpuAfter === null
        ? null
        : ((cpuAfter - cpuBefore) * 1e6) / Math.max(1, result.requests.total),
    // Successful answers only: a refusal is quick and must not count as throughput.
    rps: result['2xx'] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    kb: result.throughput.average / Math.max(1, result.requests.average) / 1024,
    failed: result.errors + result.timeouts + result.non2xx,
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/auth/v2/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      login: demoAccounts.driver.email,
      password: demoAccounts.driver.password,
      userType: CLIENT_USER_TYPE,
    }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

type Run = Awaited<ReturnType<typeof load>>;
/** One headline pair: the bare route (alone, and as the server's processes), then the search. */
type Round = {
  bareAlone: Run;
  bareInstances: Run | null;
  bare: Run;
  fresh: Run;
  freshHalf: Run;
  ratio: number;
};

/** The round whose figure is the median: of an even count, the worse of the middle two. */
function median(rounds: Round[], figure: (round: Round) => number, lowerIsBetter = false): Round {
  const sorted = [...rounds].sort((a, b) => figure(a) - figure(b));
  const middle = (sorted.length - 1) / 2;
  return sorted[lowerIsBetter ? Math.ceil(middle) : Math.floor(middle)]!;
}

/**
 * The status driver: a worker process playing the charge points (status-driver.ts), compiled
 * and run with plain node. Under tsx its heap held the compiler's loader too, and its own
 * collections (scavenges of up to 50 ms, full ones in bursts) took the cores the server was
 * measured on.
 */
function startDriver() {
  const child = fork(compiled('./status-driver.ts'), {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T extends DriverReply['type']>(command: DriverCommand, answer: T) =>
    new Promise<Extract<DriverReply, { type: T }>>((resolve, reject) => {
      const onMessage = (message: DriverReply) => {
        if (message.type !== answer) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as Extract<DriverReply, { type: T }>);
      };
      const onExit = (code: number | null) =>
        reject(new Error(`the status driver exited with ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      child.send(command);
    });
  return { child, ask };
}

const seedStart = performance.now();
const { database, target } = await freshDatabase(
  values.database === 'pglite' ? undefined : values.database,
);
console.log(`seeding ${stationCount} stations (${target.where}) …`);
let driverStations: DriverStation[];
try {
  await database.migrate();
  await insertStations(database.db, generateStations(stationCount, 42));
  await insertDemoAccounts(database.db);
  driverStations = await registerBenchChargePoints(database, stationCount, chargePointCount);
} finally {
  await database.close();
}
console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
const children: ChildProcess[] = [];
try {
  const appPort = '18480';
  const barePort = '18481';
  const bareInstancesPort = '18482';
  const startApp = performance.now();
  children.push(
    // The server runs compiled, with the flags of `start:production`; the bare route the same.
    await start('./serve-app.ts', {
      PORT: appPort,
      DEMO_MODE: 'true',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      INSTANCES: String(instances),
      ...target.env,
    }),
  );
  console.log(`server ready in ${((performance.now() - startApp) / 1000).toFixed(1)} s`);
  const bareOne = await start('./serve-bare.ts', { PORT: barePort });
  children.push(bareOne);
  const bareMany =
    instances > 1
      ? await start('./serve-bare.ts', { PORT: bareInstancesPort, INSTANCES: String(instances) })
      : null;
  if (bareMany) children.push(bareMany);
  const appPid = children[0]?.pid;

  const driver = startDriver();
  children.push(driver.child);
  const connected = await driver.ask(
    {
      type: 'connect',
      url: `ws://127.0.0.1:${appPort}/ocpp`,
      stations: driverStations,
      concurrency: 50,
    },
    'connected',
  );
  console.log(
    `${connected.connected} charge points connected in ${(connected.ms / 1000).toFixed(1)} s` +
      (connected.failed.length > 0 ? ` (failed: ${connected.failed.slice(0, 3).join('; ')})` : ''),
  );
  await driver.ask({ type: 'start', periodMs: statusPeriodMs }, 'started');

  const app = `http://127.0.0.1:${appPort}`;
  const token = await signIn(app);
  const filteredUrl = `${app}/api/chargestations/filtered`;
  const guestUrl = `${app}/api/chargestations/guest`;
  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  const onApp = { serverPid: appPid };
  await load(filteredUrl, { token, neverTwice: true }); // warm-up: JIT, read model
  await load(guestUrl);
  const changesBefore = await driver.ask({ type: 'count' }, 'counted');
  const loadBefore = loadavg()[0]!;
  const startedMs = performance.now();
  const rounds: Round[] = [];
  for (let round = 0; round < roundCount; round++) {
    const bareAlone = await load(bareUrl, { serverPid: bareOne.pid });
    const bareInstances = bareMany
      ? await load(`http://127.0.0.1:${bareInstancesPort}/bare`, { serverPid: bareMany.pid })
      : null;
    // The yardstick is the better of the two: the server's extra processes never count as gain.
    const bare = bareInstances && bareInstances.rps > bareAlone.rps ? bareInstances : bareAlone;
    const fresh = await load(filteredUrl, { ...onApp, token, neverTwice: true });
    const freshHalf = await load(filteredUrl, {
      ...onApp,
      token,
      neverTwice: true,
      rate: Math.round(fresh.rps / 2),
    });
    rounds.push({ bareAlone, bareInstances, bare, fresh, freshHalf, ratio: fresh.rps / bare.rps });
  }
  const { bare, fresh } = median(rounds, (r) => r.ratio);
  const halfP99 = median(rounds, (r) => r.freshHalf.p99, true).freshHalf.p99;
  const safariFresh = await load(filteredUrl, {
    ...onApp,
    token,
    neverTwice: true,
    acceptEncoding: safariAcceptEncoding,
  });
  const guestFresh = await load(guestUrl, { ...onApp, neverTwice: true });
  const kept = await load(filteredUrl, { ...onApp, token });
  const keptHalf = await load(filteredUrl, { ...onApp, token, rate: Math.round(kept.rps / 2) });
  const changesAfter = await driver.ask({ type: 'count' }, 'counted');
  const loadAfter = loadavg()[0]!;
  const statusRate =
    (changesAfter.answered - changesBefore.answered) / ((performance.now() - startedMs) / 1000);

  const row = (name: string, r: Run) =>
    `| ${name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.kb.toFixed(1)} | ${r.failed} | ${r.cpuUs === null ? '–' : Math.round(r.cpuUs)} | ${Math.round(r.clientCpuUs)} |`;
  console.log(
    `\n${stationCount} stations (${values.database === 'pglite' ? 'PGlite' : 'PostgreSQL'}), ` +
      `server: ${instances} ${instances === 1 ? 'instance' : 'instances sharing the port'}; ` +
      `${connections} connections, ${seconds} s per run; ` +
      `${connected.connected} charge points changing connector statuses over OCPP, ` +
      `${statusRate.toFixed(1)} StatusNotification/s answered during the runs ` +
      `(errors: ${changesAfter.errors}); machine load average ${loadBefore.toFixed(1)} → ` +
      `${loadAfter.toFixed(1)} on ${cpus().length} cores\n`,
  );
  console.log(
    '| run | req/s | p50 ms | p99 ms | kB per answer | failed or refused | server CPU µs per answer | load generator CPU µs per request |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  rounds.forEach((r, index) => {
    const of = roundCount > 1 ? ` (round ${index + 1})` : '';
    console.log(row(`bare Fastify route, full load${of}`, r.bareAlone));
    if (r.bareInstances) {
      console.log(
        row(`bare Fastify route, ${instances} processes, full load${of}`, r.bareInstances),
      );
    }
    console.log(
      row(`POST /api/chargestations/filtered, every search new, full load${of}`, r.fresh),
    );
    console.log(
      row(
        `POST /api/chargestations/filtered, every search new, half load (${Math.round(r.fresh.rps / 2)} req/s)${of}`,
        r.freshHalf,
      ),
    );
  });
  console.log(
    row(
      'POST /api/chargestations/filtered, every search new, brotli (Safari: no zstd), full load',
      safariFresh,
    ),
  );
  console.log(row('POST /api/chargestations/guest, every search new, full load', guestFresh));
  console.log(row('POST /api/chargestations/filtered, ten searches asked again, full load', kept));
  console.log(
    row(
      `POST /api/chargestations/filtered, ten searches asked again, half load (${Math.round(kept.rps / 2)} req/s)`,
      keptHalf,
    ),
  );
  console.log(
    `\nevery search new: ${(fresh.rps / bare.rps).toFixed(2)} × bare${bareMany ? ` (the better bare run, ${Math.round(bare.rps)} req/s)` : ''}` +
      (roundCount > 1
        ? `, the median of ${roundCount} rounds (${rounds.map((r) => r.ratio.toFixed(2)).join(', ')})`
        : '') +
      ` (target ≥ 0.25, aim 0.50); ` +
      `p99 at half load ${halfP99} ms` +
      (roundCount > 1
        ? `, the median of ${rounds.map((r) => r.freshHalf.p99).join(', ')} ms`
        : '') +
      ` (target ≤ 10 ms)`,
  );
  console.log(
    `brotli (Safari), every search new: ${(safariFresh.rps / bare.rps).toFixed(2)} × bare; ` +
      `guest, every search new: ${(guestFresh.rps / bare.rps).toFixed(2)} × bare; ` +
      `kept answers (secondary): ${(kept.rps / bare.rps).toFixed(2)} × bare, p99 at half load ${keptHalf.p99} ms`,
  );
  if (fresh.cpuUs !== null && bare.cpuUs !== null) {
    console.log(
      `server CPU per answer (all threads): every search new ${Math.round(fresh.cpuUs)} µs, ` +
        `bare ${Math.round(bare.cpuUs)} µs (${(bare.cpuUs / fresh.cpuUs).toFixed(2)} × bare by CPU)`,
    );
  }
  await driver.ask({ type: 'stop' }, 'stopped').catch(() => undefined);
} finally {
  // The server closes its database connections before the database is dropped.
  await Promise.all(
    children.map((child) =>
      child.exitCode === null && child.signalCode === null
        ? new Promise<void>((resolve) => {
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill('SIGTERM');
          })
        : undefined,
    ),
  );
  await target.cleanUp();
}
