import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../db/client';
import type { TestServer } from './harness';
import { moneyDeps } from './money-deps';

// A second query builder over a test server's own connection (PGlite) or pool (PostgreSQL)
// that counts the statements sent through it: a test gives it to one call and counts what that
// call costs the database, apart from whatever else the server does meanwhile.

const COUNTED = new Set(['query', 'exec']);

function counting<T extends object>(target: T, onStatement: () => void): T {
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function') return value;
      const name = String(property);
      if (COUNTED.has(name))
        return (...args: unknown[]) => {
          onStatement();
          return (value as (...a: unknown[]) => unknown).apply(object, args);
        };
      // A transaction's own connection (pg's pool.connect, PGlite's transaction callback).
      if (name === 'connect')
        return async (...args: unknown[]) =>
          counting(
            (await (value as (...a: unknown[]) => Promise<object>).apply(object, args)) as object,
            onStatement,
          );
      if (name === 'transaction')
        return (callback: (tx: object) => unknown) =>
          (value as (cb: (tx: object) => unknown) => unknown).call(object, (tx: object) =>
            callback(counting(tx, onStatement)),
          );
      return (value as (...a: unknown[]) => unknown).bind(object);
    },
  });
}

export function countingDb(server: Pick<TestServer, 'db' | 'driver'>) {
  let statements = 0;
  const onStatement = () => statements++;
  const client = (server.db as unknown as { $client: object }).$client;
  const db = (server.driver === 'pglite'
    ? drizzlePglite({ client: counting(client as PGlite, onStatement) })
    : drizzlePg({ client: counting(client as pg.Pool, onStatement) })) as unknown as Db;
  return {
    db,
    /** Statements since the last call (and starts counting again). */
    take: () => {
      const taken = statements;
      statements = 0;
      return taken;
    },
  };
}

/**
 * What a session's statement-count test calls the sessions with: the server's money deps on a
 * counting database, and the charge point a message comes from.
 */
export async function countedSessionDeps(
  server: TestServer,
  chargePoint: { id: string; station: { id: string } },
) {
  const counted = countingDb(server);
  const deps = { ...(await moneyDeps(server)), db: counted.db };
  const from = {
    chargePointId: chargePoint.id,
    stationId: chargePoint.station.id,
    log: server.app.log,
  };
  return { counted, deps, from };
}
