import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
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
