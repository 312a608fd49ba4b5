// Open long polls on one instance (DESIGN.md Real time): 10,000 drivers each hold a poll open,
// half on their sessions' events (GET /api/charges/subscribe) and half on the support chat
// (GET /api/messages/subscribe), and poll again at once when it answers, as the app does.
// While they are open (held by the server: its charge_long_polls gauge): the server process's
// resident memory, and how fast /health answers. The server runs as in production: the
// compiled build (npm run build -w @evcharge/server) with its start:production flags.
//
//   npm run long-polls -w @evcharge/bench            (PostgreSQL at 127.0.0.1:5432)
//   POLLS=2000 SECONDS=30 npm run long-polls -w @evcharge/bench
//   SERVER_NODE_FLAGS="--max-semi-space-size=64" npm run long-polls -w @evcharge/bench   (a trial)
//
// Each driver comes from an address of its own (X-Forwarded-For, TRUST_PROXY=true), as
// drivers on the network do, so the per-address rate limit sees what it would in production.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { accessTokens, users } from '../apps/server/src/db/schema/users';
import { newOpaqueToken, sha256 } from '../apps/server/src/plugins/auth';
import { freshDatabase, waitForServer } from './ocpp-setup';
import { productionServer } from './start-server';

const POLLS = Number(process.env.POLLS ?? 10_000);
const SECONDS = Number(process.env.SECONDS ?? 60);
/** An empty BENCH_DATABASE_URL runs it on the embedded database (PGlite) instead. */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const percentile = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function main() {
  const { database, target } = await freshDatabase(ADMIN_URL || undefined);
  console.log(`database: ${target.where}`);
  await database.migrate();
  const passwordHash = `!${randomBytes(8).toString('hex')}`;
  const tokens: string[] = [];
  for (let from = 0; from < POLLS; from += 1000) {
    const batch = Array.from({ length: Math.min(1000, POLLS - from) }, (_, i) => from + i);
    const rows = await database.db
      .insert(users)
      .values(batch.map((i) => ({ name: 'Bench', email: `poll-${i}@evcharge.bench`, passwordHash })))
      .returning({ id: users.id });
    const issued = rows.map(() => newOpaqueToken());
    await database.db
      .insert(accessTokens)
      .values(rows.map((row, i) => ({ userId: row.id, tokenHash: sha256(issued[i]!) })));
    tokens.push(...issued);
  }
  await database.close();

  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...target.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_MODE: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
  };
  // The bench reads how many polls the server holds on /metrics.
  delete env.METRICS_TOKEN;
  // Started as in production (README "Production"): the compiled build with its flags.
  const { entry, execArgv } = productionServer();
  const server = fork(entry, {
    execArgv,
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await waitForServer(server, baseUrl);
    const pid = server.pid!;
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.get(`${baseUrl}${path}`, { agent, headers }, (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
      });

    // Idle: memory and /health before any poll.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idleRss = rssMb(pid);
    const healthTimes = async (n: number) => {
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const answer = await get('/health', {});
        if (answer.status !== 200) throw new Error(`/health answered ${answer.status}`);
        times.push(performance.now() - t0);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return times;
    };
    const idleHealth = await healthTimes(50);

    let open = 0;
    let answered = 0;
    let failures = 0;
    const statuses = new Map<number, number>();
    let running = true;
    const pollLoop = async (index: number) => {
      const token = tokens[index]!;
      const headers = {
        authorization: `Bearer ${token}`,
        'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
      };
      let cursor = 0;
      while (running) {
        const isChat = index % 2 === 1;
        const path = isChat
          ? `/api/messages/subscribe/${cursor}`
          : `/api/charges/subscribe/0/${cursor}`;
        open++;
        try {
          const answer = await get(path, headers);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (answer.status === 200) {
            answered++;
            cursor = (JSON.parse(answer.body) as { cursor: number }).cursor;
          } else {
            failures++;
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
        } catch {
          failures++;
          await new Promise((resolve) => setTimeout(resolve, 1000));
        } finally {
          open--;
        }
      }
    };
    const started = performance.now();
    // Open them over a few seconds, as drivers arrive, not all in one tick.
    const loops: Promise<void>[] = [];
    for (let i = 0; i < POLLS; i++) {
      loops.push(pollLoop(i));
      if (i % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const openAt = performance.now() - started;
    // Measured once the server holds them (charge_long_polls on /metrics: every poll parked
    // on its bus), not once they are asked: a busy server accepts connections late.
    const heldByServer = async () => {
      const text = (await get('/metrics', {})).body;
      return Number(/^charge_long_polls (\d+)/m.exec(text)?.[1] ?? 0);
    };
    const holdDeadline = performance.now() + 180_000;
    while ((await heldByServer()) < POLLS && performance.now() < holdDeadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const heldAt = performance.now() - started;

    const loadBefore = loadavg()[0]!;
    let peakRss = 0;
    const health: number[] = [];
    const openCounts: number[] = [];
    const heldCounts: number[] = [];
    const until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) {
      const t0 = performance.now();
      const answer = await get('/health', {});
      health.push(performance.now() - t0);
      if (answer.status !== 200) failures++;
      peakRss = Math.max(peakRss, rssMb(pid));
      openCounts.push(open);
      if (openCounts.length % 5 === 1) heldCounts.push(await heldByServer());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    running = false;
    const loadAfter = loadavg()[0]!;

    const row = (name: string, values: number[]) =>
      `| ${name} | ${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${Math.max(...values).toFixed(1)} |`;
    console.log(`\n${POLLS} long polls (half charges, half chat) for ${SECONDS} s on one instance; ${target.where}`);
    console.log(`server: node ${[...execArgv, entry.replace(/.*\/apps\//, 'apps/')].join(' ')}; machine load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)} (1 min)`);
    console.log(`all asked within ${(openAt / 1000).toFixed(1)} s, held by the server within ${(heldAt / 1000).toFixed(1)} s; open polls while measured: min ${Math.min(...openCounts)}, median ${percentile(openCounts, 50)} asked, min ${Math.min(...heldCounts)}, median ${percentile(heldCounts, 50)} held by the server`);
    console.log(`\n| server RSS | MB |\n|---|---|\n| idle, before the polls | ${idleRss.toFixed(0)} |\n| peak with the polls open | ${peakRss.toFixed(0)} |`);
    console.log(`\n| GET /health | p50 ms | p99 ms | max ms |\n|---|---|---|---|\n${row('idle', idleHealth)}\n${row('with the polls open', health)}`);
    console.log(`\npoll answers: ${answered} (200); others: ${[...statuses].filter(([s]) => s !== 200).map(([s, n]) => `${n} × ${s}`).join(', ') || 'none'}; failed requests: ${failures}`);
    agent.destroy();
    await Promise.race([Promise.all(loops), new Promise((resolve) => setTimeout(resolve, 1000))]);
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await target.cleanUp();
  }
}

await main();
process.exit(0);
