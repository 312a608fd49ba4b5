import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './test/charge-points';
import { createProcessDatabase, type ProcessDatabase } from './test/process-database';
import { serverProcess, type ServerProcess } from './test/server-process';

// INSTANCES (instances.ts, docs/deploy.md): the real server started as `npm start` starts it,
// with two processes sharing its port on PostgreSQL. Both serve; one killed is started again
// while the other goes on answering; SIGTERM stops them all. On the embedded database the
// server refuses to start several.

let database: ProcessDatabase;

beforeAll(async () => {
  database = await createProcessDatabase();
});

afterAll(async () => {
  await database?.drop();
});

/** The pids of the instances that said they were ready, in the order they did. */
function readyPids(server: ServerProcess): number[] {
  const pids: number[] = [];
  for (const line of server.logs().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; pid?: number };
    if (entry.msg === 'evcharge server ready' && entry.pid !== undefined) pids.push(entry.pid);
  }
  return pids;
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('INSTANCES', () => {
  if (!process.env.TEST_DATABASE_URL) {
    it('is refused on the embedded database, which serves one process', async () => {
      const server = await serverProcess({ database, env: { INSTANCES: '2' } });
      await expect(server.start()).rejects.toThrow(
        /INSTANCES: several instances need DATABASE_URL/,
      );
      expect(server.isRunning()).toBe(false);
    }, 90_000);
    return;
  }

  let server: ServerProcess;
  beforeAll(async () => {
    server = await serverProcess({ database, env: { INSTANCES: '2' } });
    await server.start();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it('starts two processes on one port, each a whole instance, and both answer', async () => {
    const pids = await eventually(() => {
      const ready = new Set(readyPids(server));
      return ready.size === 2 ? [...ready] : undefined;
    }, 60_000);
    expect(pids.every(isAlive)).toBe(true);
    // Connections are handed to the instances in turn: ten new ones reach both, all answered.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${server.baseUrl}/health`, {
          headers: { connection: 'close' },
          signal: AbortSignal.timeout(10_000),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
  }, 90_000);

  it('starts an instance that dies again while the other goes on answering', async () => {
    const [victim, survivor] = readyPids(server);
    process.kill(victim!, 'SIGKILL');
    // Once the first process knows, new connections go to the instance left (one handed to
    // the killed process just before is lost with it, as anything in flight there).
    await eventually(() => server.logs().includes('instance died; starting it again'), 10_000);
    const health = await fetch(`${server.baseUrl}/health`, { signal: AbortSignal.timeout(10_000) });
    expect(health.status).toBe(200);
    // A start takes seconds (tsx compiles the server), longer while other test files run.
    const replacement = await eventually(() => {
      const fresh = readyPids(server).filter((pid) => pid !== victim && pid !== survivor);
      return fresh[0];
    }, 60_000);
    expect(isAlive(replacement)).toBe(true);
    expect(isAlive(survivor!)).toBe(true);
  }, 90_000);

  it('stops every instance on SIGTERM', async () => {
    const pids = [...new Set(readyPids(server))].filter(isAlive);
    expect(pids).toHaveLength(2);
    await server.stop();
    expect(server.isRunning()).toBe(false);
    await eventually(() => pids.every((pid) => !isAlive(pid)), 5000);
  }, 30_000);
});
