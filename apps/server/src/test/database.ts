import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: PGlite in memory, or with TEST_DATABASE_URL a
 * new database on that PostgreSQL server (evtest_<random>), dropped again by `close`.
 */
export async function openTestDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // The run's migrated snapshot (test/global-setup.ts), else initdb and the migrations here.
    const snapshot = inject('pgliteSnapshot');
    if (snapshot) return openDatabase({ memory: true, from: new Blob([await readFile(snapshot)]) });
    const database = await openDatabase({ memory: true });
    await database.migrate();
    return database;
  }
  const name = `evtest_${randomBytes(6).toString('hex')}`;
  const template = inject('templateDatabase');
  await adminQuery(adminUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  try {
    if (!template) await database.migrate();
  } catch (error) {
    await database.close();
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    throw error;
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** One statement on the server of `url` (create or drop a test database). */
export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
