// The OCPP load benchmark's set-up (ocpp-load.ts): a fresh database with stations, charge
// points and RFID tags; the real server as its own process; the station worker processes.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { insertDemoAccounts } from '../apps/server/src/demo/accounts';
import type { Currency } from '@evcharge/domain/currency';
import { hashPassword } from '../apps/server/src/crypto/passwords';
import { rfidTags } from '../apps/server/src/db/schema/driver';
import { users } from '../apps/server/src/db/schema/users';
import { postTransaction } from '../apps/server/src/modules/ledger';
import { generateStations, insertStations } from '../apps/server/src/demo/seed';
import { registerChargePoint } from '../apps/server/src/ocpp/register';
import type { WorkerCommand, WorkerReply, WorkerStation } from './ocpp-stations';
import { productionServer } from './start-server';

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

const allDay = [{ from: '00:00', to: '24:00' }];
const alwaysOpen = {
  mo: allDay,
  tu: allDay,
  we: allDay,
  th: allDay,
  fr: allDay,
  sa: allDay,
  su: allDay,
};

/**
 * Stations (seed 42, as the other benchmarks), each public, open around the clock and with a charge
 * point registered through the server's own register function (password hashed like a real
 * one), and a driver of its own per charge point with one RFID tag and a balance in the
 * station's currency: a tag start is decided by the rules of any start (SPEC §3 hours, the
 * balance, the simultaneous-sessions limit), so one driver could not start 1,000.
 */
export async function seed(database: Database, count: number): Promise<WorkerStation[]> {
  const { db } = database;
  await database.migrate();
  const generated = generateStations(count, 42).map((station) => ({
    ...station,
    schedule: alwaysOpen,
    workHours: '24/7',
    // A private station starts only its members' cards; the bench's drivers are nobody's.
    isPrivate: false,
  }));
  await insertStations(db, generated);
  await insertDemoAccounts(db);
  const tagOf = (i: number) => `BENCH${String(i + 1).padStart(7, '0')}`;
  const passwordHash = await hashPassword(randomBytes(12).toString('base64url'));
  const drivers = await db
    .insert(users)
    .values(
      generated.map((_, i) => ({
        name: 'Bench',
        email: `bench-${i + 1}@evcharge.bench`,
        isEmailConfirmed: true,
        passwordHash,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const driverOf = (i: number) => drivers.find((d) => d.email === `bench-${i + 1}@evcharge.bench`)!;
  await db
    .insert(rfidTags)
    .values(generated.map((_, i) => ({ userId: driverOf(i).id, uid: tagOf(i), name: 'bench' })));
  for (const [i, station] of generated.entries()) {
    await postTransaction(db, {
      kind: 'top_up',
      reference: `bench-top-up-${i + 1}`,
      currency: station.tariffKey.split('-')[0] as Currency,
      postings: [
        { owner: { kind: 'user_wallet', userId: driverOf(i).id }, amountMinor: 100_000_000 },
        { owner: { kind: 'acquirer_clearing' }, amountMinor: -100_000_000 },
      ],
    });
  }
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
  // As in production (README "Production"): the compiled build with its start:production
  // flags (SERVER_NODE_FLAGS replaces them for a trial).
  const { entry, execArgv } = productionServer();
  return fork(entry, {
    execArgv: [
      ...execArgv,
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
