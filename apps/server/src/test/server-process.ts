import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { contractCaller, type TestServer } from './harness';
import type { ProcessDatabase } from './process-database';

// The real server as a child process (`npm start`'s command, apps/server/package.json), for
// tests of what only a process can show: a crash (SIGKILL) and a restart on the same port and
// database. Tests talk to it over HTTP and OCPP only.

const serverDir = fileURLToPath(new URL('../../', import.meta.url));
const READY_MESSAGE = 'evcharge server ready';
const KEPT_LOG_LINES = 400;

export type ServerProcessOptions = {
  database: ProcessDatabase;
  /** More configuration (config.ts), e.g. a short CHARGE_SWEEP_SECONDS. */
  env?: Record<string, string>;
  /** How long a start may take until the server answers (tsx compiles the server first). */
  readyTimeoutMs?: number;
  exitTimeoutMs?: number;
};

export type ServerProcess = Pick<TestServer, 'baseUrl' | 'call' | 'fetch'> & {
  port: number;
  /** Spawns the server and resolves once it listens; rejects when it exits first. */
  start: () => Promise<void>;
  /** SIGKILL: no shutdown, no last writes; resolves once the process is gone. */
  kill: () => Promise<void>;
  /** SIGTERM (a graceful shutdown), SIGKILL when that takes longer than the exit timeout. */
  stop: () => Promise<void>;
  /** Resolves once the server listens: at once, or when the start under way or to come is done. */
  ready: () => Promise<void>;
  isRunning: () => boolean;
  /** The process's last log lines (pino JSON, stderr too), for a failure's message. */
  logs: () => string;
};

/** A TCP port nothing listens on now, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what())), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

type Deferred = { promise: Promise<void>; resolve: () => void };
function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** The server on a free port of 127.0.0.1 (kept across restarts), in demo mode, quiet but for info logs. */
export async function serverProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const readyTimeoutMs = options.readyTimeoutMs ?? 90_000;
  const exitTimeoutMs = options.exitTimeoutMs ?? 15_000;
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_LOG_LINES) lines.shift();
  };
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  let listening = deferred();

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'SEED_DEMO', 'TLS_CERT_FILE', 'TLS_KEY_FILE'])
    delete env[key];
  Object.assign(env, {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DEMO_MODE: 'true',
    MAIL_TRANSPORT: 'outbox',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    CONSOLE_DIST: '/nonexistent-console-dist',
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    // Test files run side by side on one PostgreSQL (max_connections 100): each server process
    // keeps at most 10 connections, not production's 20.
    DATABASE_POOL_SIZE: '10',
    ...options.database.env,
    ...options.env,
  });

  const logs = () => lines.join('\n');
  const quit = () => child?.kill('SIGKILL');

  async function start(): Promise<void> {
    if (child) throw new Error('the server process is already running');
    const spawned = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    process.once('exit', quit);
    let isReady = false;
    const gone = new Promise<number | string | null>((resolve) => {
      spawned.once('exit', (code, signal) => resolve(signal ?? code));
    });
    exited = gone.then(() => {
      process.off('exit', quit);
      if (child === spawned) child = undefined;
    });
    let partial = '';
    spawned.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) {
        keep(line);
        if (!isReady && line.includes(READY_MESSAGE)) {
          isReady = true;
          listening.resolve();
        }
      }
    });
    spawned.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) if (line) keep(`stderr: ${line}`);
    });
    const failed = gone.then((how) => {
      throw new Error(`the server exited (${String(how)}) before it was ready:\n${logs()}`);
    });
    failed.catch(() => undefined);
    try {
      await withTimeout(
        Promise.race([listening.promise, failed]),
        readyTimeoutMs,
        () => `the server was not ready within ${readyTimeoutMs} ms:\n${logs()}`,
      );
    } catch (error) {
      spawned.kill('SIGKILL');
      throw error;
    }
  }

  async function signal(name: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const running = child;
    if (!running) return;
    // Whoever waits for the server now waits for its next start.
    listening = deferred();
    running.kill(name);
    await withTimeout(exited, exitTimeoutMs, () => `the server did not exit on ${name}`).catch(
      async (error: unknown) => {
        if (name === 'SIGKILL') throw error;
        running.kill('SIGKILL');
        await exited;
        throw error;
      },
    );
  }

  return {
    port,
    baseUrl,
    ...contractCaller(baseUrl),
    start,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    ready: () => listening.promise,
    isRunning: () => child !== undefined,
    logs,
  };
}
