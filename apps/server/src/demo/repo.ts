import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { analyticsEvents } from '../db/schema/analytics';
import { favouriteStations } from '../db/schema/stations';
import { users } from '../db/schema/users';

// One function per query of the demo seed (seed.ts); the stations go in through insert-repo.ts.

export async function insertFavouriteStations(
  db: Db,
  userId: string,
  stationIds: readonly string[],
): Promise<void> {
  await db.insert(favouriteStations).values(stationIds.map((stationId) => ({ userId, stationId })));
}

/** Users plus stations: 0 on an empty database. */
export async function countUsersAndStations(db: Db): Promise<number> {
  const result = (await db.execute(
    sql`select (select count(*) from ${users})::int + (select count(*) from stations)::int as n`,
  )) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}

/** The demo's past traffic for the console's analytics (demo/analytics.ts). */
export async function insertAnalyticsEvents(
  db: Db,
  rows: readonly (typeof analyticsEvents.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 2000) {
    await db.insert(analyticsEvents).values(rows.slice(i, i + 2000));
  }
}
