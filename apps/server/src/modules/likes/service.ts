import { and, desc, eq, or } from 'drizzle-orm';
import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { likedStations, stations } from '../../db/schema/stations';
import { summaryOf, type StationReadModel } from '../stations';

// Favourite stations (SPEC §3 liked station, §7 /likedstations). Scoped by the caller; a private station is only ever the
// owner's to like.

/** A station the driver may see: public, or their own private one. */
const visibleTo = (userId: string) =>
  or(eq(stations.isPrivate, false), eq(stations.ownerUserId, userId));

async function visibleStation(db: Db, userId: string, stationId: string) {
  const [row] = await db
    .select({ id: stations.id })
    .from(stations)
    .where(and(eq(stations.id, stationId), visibleTo(userId)));
  return row;
}

export async function likedStationSummaries(
  db: Db,
  model: StationReadModel,
  userId: string,
): Promise<Omit<StationSummary, 'distanceKm'>[]> {
  const rows = await db
    .select({ stationId: likedStations.stationId })
    .from(likedStations)
    .innerJoin(stations, eq(stations.id, likedStations.stationId))
    .where(and(eq(likedStations.userId, userId), visibleTo(userId)))
    .orderBy(desc(likedStations.createdAt));
  // Live status from the read model, the same the map shows.
  const snapshot = model.snapshot();
  return rows.flatMap(({ stationId }) => {
    const position = snapshot.positionOf.get(stationId);
    const row = position === undefined ? undefined : snapshot.rows[position];
    return row ? [summaryOf(row)] : [];
  });
}

export async function isLiked(db: Db, userId: string, stationId: string): Promise<boolean> {
  const [row] = await db
    .select({ stationId: likedStations.stationId })
    .from(likedStations)
    .where(and(eq(likedStations.userId, userId), eq(likedStations.stationId, stationId)));
  return row !== undefined;
}

export async function like(db: Db, userId: string, stationId: string): Promise<void> {
  if (!(await visibleStation(db, userId, stationId))) throw new AppError('STATION_NOT_FOUND');
  await db.insert(likedStations).values({ userId, stationId }).onConflictDoNothing();
}

export async function unlike(db: Db, userId: string, stationId: string): Promise<void> {
  const removed = await db
    .delete(likedStations)
    .where(and(eq(likedStations.userId, userId), eq(likedStations.stationId, stationId)))
    .returning({ stationId: likedStations.stationId });
  if (removed.length === 0) throw new AppError('NOT_FOUND');
}
