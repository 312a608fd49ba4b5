import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { migrateWithPg, migrateWithPglite } from './migrate';
import { DEFAULT_POOL_SIZE } from './pool-size';

/** The query builder both drivers share; transactions are one too. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  driver: 'pglite' | 'pg';
  /** Applies pending migrations from apps/server/drizzle. */
  migrate: () => Promise<void>;
  /**
   * LISTEN on a channel: `onPayload` gets every NOTIFY's payload, from any connection to this
   * database (other server instances too). Resolves to the way to stop listening.
   */
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to open again with `{ memory, from }`. */
  dump?: () => Promise<Blob>;
};

/** NOTIFY on a channel (Database.listen hears it); inside a transaction, sent on commit. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}

export type DatabaseTarget =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  /**
   * An in-memory PGlite, for tests; `from` is a data directory dumped by PGlite
   * (`dumpDataDir`), loaded instead of running initdb.
   */
  | { memory: true; from?: Blob };

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) return openPg(target.url, target.poolSize ?? DEFAULT_POOL_SIZE);
  if ('dataDir' in target) await mkdir(target.dataDir, { recursive: true });
  const dataDir = 'dataDir' in target ? target.dataDir : undefined;
  // Loaded only for the embedded database: a process on PostgreSQL never holds PGlite's code.
  const [{ PGlite }, { btree_gist }, { drizzle: drizzlePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('drizzle-orm/pglite'),
  ]);
  // btree_gist backs the reservations exclusion constraint (drizzle/0001_constraints.sql).
  const loadDataDir = 'memory' in target ? target.from : undefined;
  const client = await PGlite.create(dataDir, { extensions: { btree_gist }, loadDataDir });
  const db = drizzlePglite({ client }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migrateWithPglite(drizzlePglite({ client })),
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

/**
 * Names for the statements a process runs again and again: a text with parameters seen
 * `hotAfter` times (3) runs from then on as a named prepared statement (its name the text's hash),
 * so each pooled connection parses it once and PostgreSQL may keep a generic plan for it, as
 * pgx and postgres.js do by default. The names are capped: statements whose text changes with
 * the values (a list of n parameters) stay unnamed once the cap is reached, and a connection
 * never holds more than `maxNamed` of them (500).
 */
export class StatementNames {
  private readonly seen = new Map<string, number>();
  private readonly names = new Map<string, string>();
  constructor(
    private readonly hotAfter = 3,
    private readonly maxNamed = 500,
    private readonly maxCounted = 10_000,
  ) {}

  /** The name to run `text` under, or undefined to run it unnamed this time. */
  nameFor(text: string): string | undefined {
    const known = this.names.get(text);
    if (known) return known;
    if (this.names.size >= this.maxNamed) return undefined;
    const count = (this.seen.get(text) ?? 0) + 1;
    if (count < this.hotAfter) {
      // Texts seen once or twice (one-off reports, lists of n values) are forgotten in bulk.
      if (this.seen.size >= this.maxCounted) this.seen.clear();
      this.seen.set(text, count);
      return undefined;
    }
    this.seen.delete(text);
    const name = statementName(text);
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

function statementName(text: string): string {
  return `s${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

type QueryConfig = { text: string; name?: string; values?: unknown[] };

/**
 * A pooled connection that runs hot statements by name (StatementNames). Only statements
 * with parameters: those without may hold several commands (migrations), which only the
 * simple protocol runs.
 */
function namingClient(names: StatementNames): typeof pg.Client {
  return class NamingClient extends pg.Client {
    override query(...args: unknown[]): never {
      const [config, values] = args;
      if (
        config !== null &&
        typeof config === 'object' &&
        typeof (config as QueryConfig).text === 'string' &&
        !(config as QueryConfig).name &&
        typeof (config as { submit?: unknown }).submit !== 'function'
      ) {
        const given = config as QueryConfig;
        const params = Array.isArray(values) ? values : given.values;
        const name = params && params.length > 0 ? names.nameFor(given.text) : undefined;
        if (name) args[0] = { ...given, name };
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  } as unknown as typeof pg.Client;
}

function openPg(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    Client: namingClient(new StatementNames()),
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    db,
    driver: 'pg',
    migrate: () => migrateWithPg(pool),
    // A connection of its own: a pooled one would go back to the pool and stop listening.
    listen: async (channel, onPayload) => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {});
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return async () => {
        await client.end();
      };
    },
    close: () => pool.end(),
  };
}

type DrizzleInternals = {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
};
const statementNames = new Map<string, string>();

/**
 * `db.execute` as a named prepared statement: on PostgreSQL each pooled connection parses and
 * plans the text once, and later runs reuse the plan (after five runs PostgreSQL keeps a generic
 * plan when it costs no more). For hot statements whose text does not change with the values:
 * parsing and planning a CTE statement cost more than running it. The name is the text's hash.
 */
export async function executePrepared(db: Db, query: SQL): Promise<unknown> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  let name = statementNames.get(built.sql);
  if (!name) {
    name = statementName(built.sql);
    statementNames.set(built.sql, name);
  }
  return session.prepareQuery(built, undefined, name, false).execute();
}
