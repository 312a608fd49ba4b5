import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { contractUrl, type Contract } from '@evcharge/api/contract';
import type { Notify } from '../payments/sandbox/notifier';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database, Db } from '../db/client';
import type { Mailer } from '../mail/mailer';
import type { PressureLimits } from '../plugins/pressure';
import type { RateLimits } from '../plugins/rate-limit';
import { openTestDatabase } from './database';
import { outboxHelpers, type OutboxHelpers } from './outbox';

export type TestResponse<T = unknown> = { status: number; body: T; headers: Headers };

export type CallInput = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /**
   * The Idempotency-Key of a request that moves money (`contract.idempotent`): a new one per
   * call unless given; `null` sends none.
   */
  idempotencyKey?: string | null;
};

export type TestServer = {
  baseUrl: string;
  app: FastifyInstance;
  db: Db;
  driver: 'pglite' | 'pg';
  config: Config;
  outbox: OutboxHelpers;
  /** Calls an endpoint through its contract over real HTTP; the JSON body comes back parsed. */
  call: <T = unknown>(contract: Contract, input?: CallInput) => Promise<TestResponse<T>>;
  /** A raw request to a path, for what contracts do not describe (HTML, bad JSON, 404). */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** The database, to start a second instance on it (`startTestServer({ database })`). */
  database: Database;
  close: () => Promise<void>;
};

export type TestServerOptions = {
  /** Generous by default so tests do not trip over each other; set low to test 429. */
  rateLimits?: Partial<RateLimits>;
  /**
   * The app's defaults, except the event-loop delay check is off: parallel test files on a
   * busy machine must not shed each other's requests. Set a check to test the 503.
   */
  pressure?: Partial<PressureLimits>;
  /** Overrides of the configuration (e.g. webDist to a temp folder). */
  config?: Partial<Config>;
  mailer?: Mailer;
  /** Pino options (with a `stream`) to inspect the logs; silent by default. */
  logger?: FastifyServerOptions['logger'];
  /** Another test server's database: a second instance on the same data (scale-out tests). */
  database?: Database;
  /** LISTEN/NOTIFY between instances on one database (always on with `database`). */
  listen?: boolean;
  /**
   * Where the sandbox acquirer's notifications go instead of this server (a test that
   * delivers them itself, in an order it chooses).
   */
  acquirerNotify?: Notify;
  /** A simulated clock for sign-in locks and session lifetimes. */
  now?: () => Date;
};

/** Calls endpoints of the server at `baseUrl` through their contracts, over real HTTP. */
export function contractCaller(baseUrl: string): Pick<TestServer, 'call' | 'fetch'> {
  const fetchPath = (path: string, init?: RequestInit) => fetch(`${baseUrl}${path}`, init);
  const call = async <T>(contract: Contract, input: CallInput = {}): Promise<TestResponse<T>> => {
    const headers: Record<string, string> = { ...input.headers };
    if (input.token) headers.authorization = `Bearer ${input.token}`;
    if (input.body !== undefined) headers['content-type'] = 'application/json';
    const key = input.idempotencyKey === undefined ? randomUUID() : input.idempotencyKey;
    if (contract.idempotent && key !== null) headers['idempotency-key'] = key;
    const response = await fetchPath(contractUrl(contract, input.params, input.query), {
      method: contract.method,
      headers,
      body: input.body === undefined ? undefined : JSON.stringify(input.body),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as T,
      headers: response.headers,
    };
  };
  return { call, fetch: fetchPath };
}

/** Builds the app on a fresh database and listens on 127.0.0.1 with a free port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await openTestDatabase());
  const ownsDatabase = options.database === undefined;
  const config: Config = {
    ...loadConfig({
      PUBLIC_URL: 'http://evcharge.test',
      WEB_DIST: '/nonexistent-web-dist',
      CONSOLE_DIST: '/nonexistent-console-dist',
      // The tests read mail and codes from the outbox.
      DEMO_MODE: 'true',
    }),
    seedDemo: false,
    ...options.config,
  };
  let baseUrl = '';
  const app = await buildApp({
    config,
    // The sandbox acquirer's notifications go to PUBLIC_URL: here, to this server.
    acquirerNotify: options.acquirerNotify ?? (async (url, body, headers) => {
      const response = await fetch(url.replace(config.publicUrl, baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      if (!response.ok) throw new Error(`notification answered ${response.status}`);
    }),
    db: database.db,
    now: options.now,
    mailer: options.mailer,
    rateLimits: {
      globalPerMinute: 100_000,
      authPerMinute: 100_000,
      wrongPasswordsPerHour: 100_000,
      writePerMinute: 100_000,
      analyticsPerMinute: 100_000,
      ...options.rateLimits,
    },
    pressure: { maxEventLoopDelayMs: 0, ...options.pressure },
    listen: options.listen || options.database ? database.listen : undefined,
    logger: options.logger ?? (process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no TCP address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  // Roaming partners in the tests reach our OCPI endpoints at this server's own address.
  config.ocpi.publicUrl = baseUrl;

  const { call, fetch: fetchPath } = contractCaller(baseUrl);

  return {
    baseUrl,
    app,
    db: database.db,
    driver: database.driver,
    config,
    outbox: outboxHelpers(database.db),
    call,
    fetch: fetchPath,
    database,
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.close();
    },
  };
}
