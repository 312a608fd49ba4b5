import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { expectedMigrationCount } from '../../db/migrate';

export async function databaseAnswers(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** GET /ready: every migration in the journal has been applied. */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
  )) as { rows: { count: number }[] };
  const applied = Number(result.rows[0]?.count ?? 0);
  return applied >= (await expectedMigrationCount());
}
