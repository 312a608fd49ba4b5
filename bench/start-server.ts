// Starts the real server (built web app, embedded database with the 300 demo stations) on a
// loopback port for the browser benchmarks, and stops it afterwards.
import { execFileSync, fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { insertDemoAccounts } from '../apps/server/src/demo/accounts';
import { hash } from '@node-rs/argon2';
import { inArray } from 'drizzle-orm';
import { chargePoints } from '../apps/server/src/db/schema/ocpp';
import { stations } from '../apps/server/src/db/schema/stations';
import { demoChargePointPassword } from '../apps/server/src/demo/charge-points';
import { generateStations, insertStations } from '../apps/server/src/demo/seed';
import type { DriverStation } from './status-driver';

/**
 * Node flags of `npm start -w @evcharge/server` (apps/server/package.json): a young generation
 * of up to 64 MB, so the short-lived objects of each request die young instead of being copied
 * into the old generation, where collecting them means marking the whole station read model
 * (docs/decisions/005).
 */
export const serverNodeFlags = ['--max-semi-space-size=64', '--import', 'tsx'];

const serverDir = fileURLToPath(new URL('../apps/server/', import.meta.url));

/** Runs apps/server/build.mjs with `args`; the path of what it wrote, `outfile`. */
function build(args: string[], outfile: string): string {
  execFileSync(process.execPath, ['build.mjs', ...args], { cwd: serverDir, stdio: 'inherit' });
  return join(serverDir, outfile);
}

/**
 * A file of bench/ compiled as the server is (apps/server/build.mjs) into
 * apps/server/dist/bench-NAME.js, for plain node: a benchmark's own server, or a worker of the
 * load (the charge points' simulator) that should take no more of the machine than it must —
 * no TypeScript compiler in the process, nor its loader's hooks and memory.
 */
export function compiled(entry: string): string {
  const outfile = `dist/bench-${basename(entry, '.ts')}.js`;
  return build([fileURLToPath(new URL(entry, import.meta.url)), outfile], outfile);
}

/**
 * The server as it runs in production (README "Production"): `npm run build -w
 * @evcharge/server` (dist/server.js, plain node) started with the flags of its
 * `start:production` script, read from apps/server/package.json so the two cannot drift.
 * `entry` (a file of bench/) is built the same way beside it instead, for a benchmark's own
 * server. SERVER_NODE_FLAGS (space-separated) replaces the flags for a trial.
 */
export function productionServer(entry?: string): { entry: string; execArgv: string[] } {
  const built = entry ? compiled(entry) : build([], 'dist/server.js');
  const scripts = (
    JSON.parse(readFileSync(join(serverDir, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts;
  const words = scripts['start:production']!.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/server.js') {
    throw new Error(`unexpected start:production script: ${scripts['start:production']}`);
  }
  const trial = process.env.SERVER_NODE_FLAGS;
  return {
    entry: built,
    execArgv: trial === undefined ? words.slice(1, -1) : trial.split(/\s+/).filter(Boolean),
  };
}

export async function startDemoServer(port: number, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'evcharge-bench-web-'));
  const child = fork(new URL('../apps/server/src/server.ts', import.meta.url).pathname, {
    execArgv: serverNodeFlags,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_MODE: 'true',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { chromiumArgs } from '../e2e/chromium';

/**
 * An embedded database in a fresh folder with `count` generated stations (the same every run:
 * seed 42) for the benchmarks that need a big network; with `accounts`, the demo accounts too.
 */
export async function seedStationsDatabase(
  count: number,
  prefix: string,
  options: { accounts?: boolean } = {},
): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await insertStations(database.db, generateStations(count, 42));
    if (options.accounts) await insertDemoAccounts(database.db);
  } finally {
    await database.close();
  }
  return dataDir;
}

/**
 * Charge points for `count` of the generated stations (spread over all of them, the same
 * every run), with the demo's public passwords (demo/charge-points.ts), for the station
 * simulator to play: their id is the station's code.
 */
export async function registerBenchChargePoints(
  database: Database,
  stationCount: number,
  count: number,
): Promise<DriverStation[]> {
  const generated = generateStations(stationCount, 42);
  const step = Math.max(1, Math.floor(generated.length / count));
  const chosen = Array.from(
    { length: Math.min(count, generated.length) },
    (_, i) => generated[i * step]!,
  );
  const ids = new Map(
    (
      await database.db
        .select({ id: stations.id, code: stations.code })
        .from(stations)
        .where(
          inArray(
            stations.code,
            chosen.map((s) => s.code),
          ),
        )
    ).map((row) => [row.code, row.id]),
  );
  const values = await Promise.all(
    chosen.map(async (station) => ({
      id: station.code,
      stationId: ids.get(station.code)!,
      passwordHash: await hash(demoChargePointPassword(station.code), {
        memoryCost: 1024,
        timeCost: 1,
      }),
    })),
  );
  for (let i = 0; i < values.length; i += 500) {
    await database.db
      .insert(chargePoints)
      .values(values.slice(i, i + 500))
      .onConflictDoNothing();
  }
  return chosen.map((station) => ({
    id: station.code,
    password: demoChargePointPassword(station.code),
    connectors: station.connectors.map((c) => ({
      number: c.number,
      currentType: c.currentType,
      powerW: c.powerW,
    })),
  }));
}
