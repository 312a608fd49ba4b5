import { and, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favouriteStations, stations } from '../../db/schema/stations';

/** A station the driver may see: public, or their own private one. */
const visibleTo = (userId: string) =>
  or(eq(stations.isPrivate, false), eq(stations.ownerUserId, userId));

export async function isVisibleStation(db: Db, userId: string, stationId: string) {
  const [row] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(eq(stations.id, stationId), visibleTo(userId)));
  return row !== undefined;
}

/** The ids of the driver's liked stations they may still see, the newest like first. */
export async function likedStationIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ stationId: favouriteStations.stationId })
    .from(favouriteStations)
    .innerJoin(stations, eq(stations.id, favouriteStations.stationId))
    .where(and(eq(favouriteStations.userId, userId), visibleTo(userId)))
    .orderBy(desc(favouriteStations.createdAt));
  return rows.map((row) => row.stationId);
}

export async function insertLike(db: Db, userId: string, stationId: string): Promise<void> {
  await db.insert(favouriteStations).values({ userId, stationId }).onConflictDoNothing();
}

/** Whether there was a like to remove. */
export async function deleteLike(db: Db, userId: string, stationId: string): Promise<boolean> {
  const removed = await db
    .delete(favouriteStations)
    .where(and(eq(favouriteStations.userId, userId), eq(favouriteStations.stationId, stationId)))
    .returning({ stationId: favouriteStations.stationId });
  return removed.length > 0;
}
