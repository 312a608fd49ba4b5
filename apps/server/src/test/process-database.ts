import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '../db/client';
import { adminQuery } from './database';

/**
 * A database for a server running as a child process that outlives the process: a new
 * database on TEST_DATABASE_URL's PostgreSQL (evtest_<random>), or else PGlite in a temporary
 * directory (DATA_DIR).
 */
export type ProcessDatabase = {
  driver: 'pg' | 'pglite';
  /** What the server process needs in its environment to use it. */
  env: { DATABASE_URL: string } | { DATA_DIR: string };
  /**
   * The test's own connection, migrated. PGlite has one process per data directory: open it
   * only while the server process is down, and close it before the server starts again.
   */
  open: () => Promise<Database>;
  /** Drops the database (or removes the directory). */
  drop: () => Promise<void>;
};

export async function createProcessDatabase(): Promise<ProcessDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'evcharge-pglite-'));
    return {
      driver: 'pglite',
      env: { DATA_DIR: dataDir },
      open: () => migrated(openDatabase({ dataDir })),
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `evtest_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    driver: 'pg',
    env: { DATABASE_URL: url.toString() },
    open: () => migrated(openDatabase({ url: url.toString(), poolSize: 3 })),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

async function migrated(opening: Promise<Database>): Promise<Database> {
  const database = await opening;
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
