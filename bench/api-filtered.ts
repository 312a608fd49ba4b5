// Benchmark: POST /api/chargestations/guest (the filtered station search) over N stations,
// beside a bare Fastify route in the same run. Prints throughput, the ratio, and p99 latency
// at half of the measured maximum load.
//
//   npm run api -w @evcharge/bench -- [--stations 100000] [--seconds 15] [--connections 10]
import { fork, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { seedStationsDatabase } from './start-server';

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

// Searches a driver makes: nearest stations with common plugs around city centres.
const centres = [
  [55.7558, 37.6173], [59.9343, 30.3351], [43.2389, 76.8897], [51.1694, 71.4491],
  [40.4093, 49.8671], [42.8746, 74.5698], [41.2995, 69.2401], [56.9496, 24.1052],
  [38.5598, 68.787], [31.9539, 35.9106],
] as const;
const bodies = centres.map(([lat, lng], i) =>
  JSON.stringify({
    connectorTypes: i % 2 ? ['ccs2', 'chademo'] : ['type2', 'ccs2'],
    near: { lat, lng, radiusKm: 50 },
    powerKw: i % 3 ? undefined : { min: 50 },
    page: 1,
    pageSize: 20,
  }),
);

function start(script: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = fork(new URL(script, import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function load(url: string, options: { rate?: number }) {
  const result = await autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json' },
    requests: bodies.map((body) => ({ method: 'POST', body })),
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) throw new Error(`${url}: ${errors} failed requests (non-2xx ${result.non2xx})`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

console.log(`seeding ${stationCount} stations (PGlite) …`);
const seedStart = performance.now();
const dataDir = await seedStationsDatabase(stationCount, 'evcharge-bench-');
console.log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s (${dataDir})`);
const children: ChildProcess[] = [];
try {
  const appPort = '18480';
  const barePort = '18481';
  const startApp = performance.now();
  children.push(await start('./serve-app.ts', { PORT: appPort, DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'warn', DATABASE_URL: '' }));
  console.log(`server ready in ${((performance.now() - startApp) / 1000).toFixed(1)} s`);
  children.push(await start('./serve-bare.ts', { PORT: barePort }));

  const filteredUrl = `http://127.0.0.1:${appPort}/api/chargestations/guest`;
  const bareUrl = `http://127.0.0.1:${barePort}/bare`;
  await load(filteredUrl, {}); // warm-up: JIT, read model, connection pools
  const bare = await load(bareUrl, {});
  const filtered = await load(filteredUrl, {});
  const half = await load(filteredUrl, { rate: Math.round(filtered.rps / 2) });

  const row = (name: string, r: { rps: number; p50: number; p99: number }) =>
    `| ${name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} |`;
  console.log(`\n${stationCount} stations, ${connections} connections, ${seconds} s per run\n`);
  console.log('| run | req/s | p50 ms | p99 ms |');
  console.log('|---|---|---|---|');
  console.log(row('bare Fastify route, full load', bare));
  console.log(row('POST /api/chargestations/guest, full load', filtered));
  console.log(row(`POST /api/chargestations/guest, half load (${Math.round(filtered.rps / 2)} req/s)`, half));
  console.log(`\nthroughput ratio filtered / bare: ${(filtered.rps / bare.rps).toFixed(2)} (target ≥ 0.50)`);
  console.log(`p99 at half load: ${half.p99} ms (target < 20 ms)`);
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
