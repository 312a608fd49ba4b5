import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privateStations } from '../../db/schema/private-stations';
import { sharingColumns, withSharing } from '../../db/sharing';
import { favouriteStations, stations } from '../../db/schema/stations';

/** What decides who may see a station (domain/private-station.ts canUseStation). */
const accessColumns = {
  isPrivate: stations.isPrivate,
  ownerUserId: stations.ownerUserId,
  utcOffsetMinutes: stations.utcOffsetMinutes,
  ...sharingColumns,
};

/** A station with what decides who may see it, or undefined. */
export async function stationAccessFacts(db: Db, stationId: string) {
  const [row] = await db
    .select(accessColumns)
    .from(stations)
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(eq(stations.id, stationId));
  return row && withSharing(row);
}

/** The driver's liked stations, the newest like first, with what decides who may see them. */
export async function likedStations(db: Db, userId: string) {
  const rows = await db
    .select({ stationId: favouriteStations.stationId, ...accessColumns })
    .from(favouriteStations)
    .innerJoin(stations, eq(stations.id, favouriteStations.stationId))
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
    .where(eq(favouriteStations.userId, userId))
    .orderBy(desc(favouriteStations.createdAt));
  return rows.map(withSharing);
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
