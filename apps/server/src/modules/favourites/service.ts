import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { summaryOf, type StationReadModel } from '../stations';
import * as repo from './repo';

// Favourite stations (SPEC §3 liked station, §7 /likedstations). Scoped by the caller; a
// private station is only ever the owner's to like.

export async function likedStationSummaries(
  db: Db,
  model: StationReadModel,
  userId: string,
): Promise<Omit<StationSummary, 'distanceKm'>[]> {
  const stationIds = await repo.likedStationIds(db, userId);
  // Live status from the read model, the same the map shows.
  const snapshot = model.snapshot();
  return stationIds.flatMap((stationId) => {
    const position = snapshot.positionOf.get(stationId);
    const row = position === undefined ? undefined : snapshot.rows[position];
    return row ? [summaryOf(row)] : [];
  });
}

export async function like(db: Db, userId: string, stationId: string): Promise<void> {
  if (!(await repo.isVisibleStation(db, userId, stationId))) {
    throw new AppError('STATION_NOT_FOUND');
  }
  await repo.insertLike(db, userId, stationId);
}

export async function unlike(db: Db, userId: string, stationId: string): Promise<void> {
  if (!(await repo.deleteLike(db, userId, stationId))) throw new AppError('NOT_FOUND');
}
