import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { executePrepared, type Database } from './client';

// Hot statements (a MeterValues' write) run as named prepared statements: the same text is
// parsed and planned once per connection, whatever values it carries.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const plusOne = (n: number, rows: unknown[]) =>
  sql`select ${n}::int + 1 as v, jsonb_array_length(${JSON.stringify(rows)}::jsonb) as n`;

it('answers with each run’s own values, inside a transaction too', async () => {
  const first = (await executePrepared(database.db, plusOne(1, [1]))) as { rows: unknown[] };
  const second = (await executePrepared(database.db, plusOne(41, [1, 2, 3]))) as {
    rows: unknown[];
  };
  expect(first.rows).toEqual([{ v: 2, n: 1 }]);
  expect(second.rows).toEqual([{ v: 42, n: 3 }]);
  await database.db.transaction(async (tx) => {
    const inside = (await executePrepared(tx, plusOne(9, []))) as { rows: unknown[] };
    expect(inside.rows).toEqual([{ v: 10, n: 0 }]);
  });
});

it('is prepared once on a PostgreSQL connection and run again by name', async () => {
  if (database.driver !== 'pg') return; // PGlite runs in-process: nothing to prepare over a wire
  await database.db.transaction(async (tx) => {
    // One transaction holds one pooled connection: its prepared statements are visible.
    for (const n of [1, 2, 3]) await executePrepared(tx, plusOne(n, [n]));
    const { rows } = (await tx.execute(sql`
      select name from pg_prepared_statements where statement like '%jsonb_array_length%'`)) as {
      rows: { name: string }[];
    };
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toMatch(/^s[\w-]{20}$/);
  });
});

it('runs a statement the process keeps asking by name, after its third run', async () => {
  if (database.driver !== 'pg') return; // PGlite runs in-process: nothing to prepare over a wire
  const marker = `hot_${Date.now()}`;
  await database.db.transaction(async (tx) => {
    const prepared = async () => {
      const { rows } = (await tx.execute(sql`
        select name from pg_prepared_statements where statement like ${`%${marker}%`}
          and statement not like '%pg_prepared_statements%'`)) as { rows: unknown[] };
      return rows.length;
    };
    const ask = (n: number) => tx.execute(sql`select ${n}::int as ${sql.raw(marker)}`);
    await ask(1);
    await ask(2);
    expect(await prepared()).toBe(0);
    await ask(3);
    expect(await prepared()).toBe(1);
    const again = (await ask(4)) as { rows: Record<string, number>[] };
    expect(again.rows).toEqual([{ [marker]: 4 }]);
    expect(await prepared()).toBe(1);
  });
});
