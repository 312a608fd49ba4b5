// Benchmark: POST /api/chargestations/filtered (the signed-in station search) over N stations,
// beside a bare Fastify route in the same run. Prints throughput, the ratio, and p99 latency
// at half of the measured maximum load; then the visitor's route, and searches that are never
// asked twice (every request a new point, so no kept answer helps: the search's own cost).
//
//   npm run api -w @evcharge/bench -- [--stations 100000] [--seconds 15] [--connections 10]
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { demoAccounts } from '../apps/server/src/demo/accounts';
import { CLIENT_USER_TYPE } from '../packages/domain/src/constants';
import { seedStationsDatabase, serverNodeFlags } from './start-server';

const { values } = parseArgs({
  options: {
    stations: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '15' },
    connections: { type: 'string', default: '10' },
  },
});
const stationCount = Number(values.stations);
const seconds = Number(values.seconds);
const connections = Number(values.connections);

// Searches drivers make: the nearest stations with common plugs around city centres.
const centres = [
  [55.7558, 37.6173],
  [59.9343, 30.3351],
  [43.2389, 76.8897],
  [51.1694, 71.4491],
  [40.4093, 49.8671],
  [42.8746, 74.5698],
  [41.2995, 69.2401],
  [56.9496, 24.1052],
  [38.5598, 68.787],
  [31.9539, 35.9106],
] as const;
const search = (lat: number, lng: number, i: number) =>
  JSON.stringify({
    connectorTypes: i % 2 ? ['ccs2', 'chademo'] : ['type2', 'ccs2'],
    near: { lat, lng, radiusKm: 50 },
    powerKw: i % 3 ? undefined : { min: 50 },
    page: 1,
    pageSize: 20,
  });
const bodies = centres.map(([lat, lng], i) => search(lat, lng, i));

// A different point every request, up to 20 km from a centre: nothing asked twice.
let unique = 0;
function uniqueSearch(): string {
  unique++;
  const [lat, lng] = centres[unique % centres.length] as readonly [number, number];
  const angle = unique * 2.399963; // golden angle: points spread evenly, never repeat
  const km = 20 * Math.sqrt((unique % 997) / 997);
  const dLat = (km / 111.2) * Math.cos(angle);
  const dLng = ((km / 111.2) * Math.sin(angle)) / Math.cos((lat * Math.PI) / 180);
  return search(lat + dLat, lng + dLng, unique);
}

function start(
  script: string,
  env: Record<string, string>,
  execArgv = ['--import', 'tsx'],
): Promise<ChildProcess> {
  const child = fork(new URL(script, import.meta.url).pathname, {
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
const browserHeaders = {
  'content-type': 'application/json',
  'accept-encoding': 'gzip, deflate, br',
};

async function load(
  url: string,
  options: { rate?: number; token?: string; neverTwice?: boolean } = {},
) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: {
      ...browserHeaders,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    requests: options.neverTwice
      ? [{ method: 'POST', setupRequest: (request) => ({ ...request, body: uniqueSearch() }) }]
      : bodies.map((body) => ({ method: 'POST', body })),
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) throw new Error(`${url}: ${errors} failed requests (non-2xx ${result.non2xx})`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    kb: result.throughput.average / result.requests.average / 1024,
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

console.log(`seeding ${stationCount} stations (PGlite) …`);
const seedStart = performance.now();
const dataDir = await seedStationsDatabase(stationCount, 'evcharge-bench-', { accounts: true });
console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${dataDir})`);
const children: ChildProcess[] = [];
try {
  const appPort = '18480';
  const barePort = '18481';
  const startApp = performance.now();
  children.push(
    // The server runs with the flags `npm start` gives it; the bare route gets the same.
    await start(
      './serve-app.ts',
      {
        PORT: appPort,
        DATA_DIR: dataDir,
        DEMO_MODE: 'true',
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
      },
      serverNodeFlags,
    ),
  );
  console.log(`server ready in ${((performance.now() - startApp) / 1000).toFixed(1)} s`);
  children.push(await start('./serve-bare.ts', { PORT: barePort }, serverNodeFlags));

  const app = `http://127.0.0.1:${appPort}`;
  const token = await signIn(app);
  const filteredUrl = `${app}/api/chargestations/filtered`;
  const guestUrl = `${app}/api/chargestations/guest`;
  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  await load(filteredUrl, { token }); // warm-up: JIT, read model, kept answers
  await load(guestUrl);
  const bare = await load(bareUrl);
  const filtered = await load(filteredUrl, { token });
  const half = await load(filteredUrl, { token, rate: Math.round(filtered.rps / 2) });
  const guest = await load(guestUrl);
  const fresh = await load(filteredUrl, { token, neverTwice: true });

  const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
    `| ${name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.kb.toFixed(1)} |`;
  console.log(`\n${stationCount} stations, ${connections} connections, ${seconds} s per run\n`);
  console.log('| run | req/s | p50 ms | p99 ms | kB per answer |');
  console.log('|---|---|---|---|---|');
  console.log(row('bare Fastify route, full load', bare));
  console.log(row('POST /api/chargestations/filtered (signed in), full load', filtered));
  console.log(
    row(
      `POST /api/chargestations/filtered, half load (${Math.round(filtered.rps / 2)} req/s)`,
      half,
    ),
  );
  console.log(row('POST /api/chargestations/guest (visitor), full load', guest));
  console.log(row('POST /api/chargestations/filtered, every search new, full load', fresh));
  console.log(
    `\nthroughput ratio filtered / bare: ${(filtered.rps / bare.rps).toFixed(2)} (target ≥ 0.50)`,
  );
  console.log(`p99 at half load: ${half.p99} ms (target < 20 ms)`);
  console.log(`searches never asked twice: ${(fresh.rps / bare.rps).toFixed(2)} × bare`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
