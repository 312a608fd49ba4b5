// The OCPP load benchmark's set-up (ocpp-load.ts): a fresh database with stations, charge
// points and RFID tags; the real server as its own process; the station worker processes.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { insertDemoAccounts } from '../apps/server/src/demo/accounts';
import { rfidTags } from '../apps/server/src/db/schema/driver';
import { generateStations, insertStations } from '../apps/server/src/demo/seed';
import { registerChargePoint } from '../apps/server/src/ocpp/register';
import type { WorkerCommand, WorkerReply, WorkerStation } from './ocpp-stations';
import { serverNodeFlags } from './start-server';

export type Target = {
  env: Record<string, string>;
  cleanUp(): Promise<void>;
  where: string;
  /** PostgreSQL: its backends for this database name the database in their command line. */
  database?: string;
};

/** A fresh database: a PGlite folder in tmp (as the other benchmarks), or a new PostgreSQL one. */
export async function freshDatabase(
  adminUrl: string | undefined,
): Promise<{ database: Database; target: Target }> {
  if (!adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'evcharge-bench-ocpp-'));
    return {
      database: await openDatabase({ dataDir }),
      target: {
        env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        cleanUp: async () => rmSync(dataDir, { recursive: true, force: true }),
        where: `PGlite in ${dataDir}`,
      },
    };
  }
  const name = `evbench_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const server = await openDatabase({ url: adminUrl, poolSize: 1 });
    await server.db.execute(statement).finally(() => server.close());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: url.toString() }),
    target: {
      env: { DATABASE_URL: url.toString() },
      cleanUp: () => admin(`drop database if exists ${name} with (force)`),
      where: `PostgreSQL database ${name} at ${url.host}`,
      database: name,
    },
  };
}

/**
 * Stations (seed 42, as the other benchmarks), each with a charge point registered through the
 * server's own register function (password hashed like a real one), and a driver with one
 * RFID tag per charge point.
 */
export async function seed(database: Database, count: number): Promise<WorkerStation[]> {
  const { db } = database;
  await database.migrate();
  const generated = generateStations(count, 42);
  await insertStations(db, generated);
  const { driverId } = await insertDemoAccounts(db);
  const tagOf = (i: number) => `BENCH${String(i + 1).padStart(7, '0')}`;
  await db
    .insert(rfidTags)
    .values(generated.map((_, i) => ({ userId: driverId, uid: tagOf(i), name: 'bench' })));
  const planned = generated.map((station, i) => ({
    id: station.code,
    password: randomBytes(12).toString('base64url'),
    connectors: station.connectors.map((c) => ({
      number: c.number,
      currentType: c.currentType,
      powerW: c.powerW,
    })),
    idTag: tagOf(i),
  }));
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < planned.length) {
        const station = planned[next++]!;
        await registerChargePoint(db, {
          id: station.id,
          password: station.password,
          station: station.id,
        });
      }
    }),
  );
  return planned;
}

export function startServer(
  target: Target,
  port: number,
  cpuProfileDir: string | undefined,
): ChildProcess {
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...target.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DEMO_MODE: 'true',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  delete env.METRICS_TOKEN;
  return fork(new URL('../apps/server/src/server.ts', import.meta.url).pathname, {
    execArgv: [
      ...serverNodeFlags,
      ...(cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : []),
    ],
    env,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

export async function waitForServer(server: ChildProcess, baseUrl: string) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server was not ready within 180 s');
}

export type Worker = {
  child: ChildProcess;
  ask<T extends WorkerReply['type']>(
    command: WorkerCommand,
    answer: T,
  ): Promise<Extract<WorkerReply, { type: T }>>;
};

export function startWorker(): Worker {
  const child = fork(new URL('./ocpp-stations.ts', import.meta.url).pathname, {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    child,
    ask(command, answer) {
      return new Promise((resolve, reject) => {
        const onMessage = (message: WorkerReply) => {
          if (message.type !== answer) return;
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(message as never);
        };
        const onExit = (code: number | null) =>
          reject(new Error(`a station worker exited with ${code}`));
        child.on('message', onMessage);
        child.once('exit', onExit);
        child.send(command);
      });
    },
  };
}
