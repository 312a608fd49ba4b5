import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import { serverDir } from '../server-dir';

export const migrationsFolder = join(serverDir, 'drizzle');

// Any fixed number: instances starting together take turns instead of racing the migrator.
const MIGRATION_LOCK_ID = 7_310_425;

export async function migrateWithPglite(db: PgliteDatabase): Promise<void> {
  await migratePglite(db, { migrationsFolder });
}

export async function migrateWithPg(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzle({ client }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    client.release();
  }
}

/** How many migrations the journal lists: GET /ready waits until all are applied. */
export async function expectedMigrationCount(): Promise<number> {
  const journal = JSON.parse(await readFile(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}
