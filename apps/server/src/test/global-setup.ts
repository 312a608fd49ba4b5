import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { adminQuery } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dumped to this file, loaded by every test file. */
    pgliteSnapshot: string | null;
    /** PostgreSQL: a migrated database every test file's database is created from. */
    templateDatabase: string | null;
  }
}

/**
 * Migrates once per run instead of once per test file: initdb and the migrations cost PGlite
 * some seconds a file, PostgreSQL most of a second. Each file still gets a database of its own,
 * copied from the migrated one (PGlite's loadDataDir; PostgreSQL's CREATE DATABASE … TEMPLATE).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `evtest_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    project.provide('templateDatabase', name);
    project.provide('pgliteSnapshot', null);
    return () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  }
  const directory = await mkdtemp(path.join(tmpdir(), 'evcharge-snapshot-'));
  const file = path.join(directory, 'migrated.tar');
  const database = await openDatabase({ memory: true });
  try {
    await database.migrate();
    const dump = await database.dump!();
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  project.provide('templateDatabase', null);
  return () => rm(directory, { recursive: true, force: true });
}
