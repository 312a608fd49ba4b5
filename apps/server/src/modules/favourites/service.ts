import type { StationSummary } from '@evcharge/api/stations/station-schemas';
import { AppError } from '@evcharge/domain/errors';
import { canUseStation } from '@evcharge/domain/private-station';
import type { Db } from '../../db/client';
import { stationSummary, type StationReadModel } from '../stations';
import * as repo from './repo';

// Favourite stations (SPEC §3 liked station, §7 /likedstations). Scoped by the caller; a
// private station is the owner's to like, and others' while it is shared
// (domain/private-station.ts): outside its shared hours it leaves their list.

/** The ids of the driver's liked stations they may see now, the newest like first. */
async function likedStationIds(db: Db, userId: string, at: Date): Promise<string[]> {
  const rows = await repo.likedStations(db, userId);
  return rows.filter((row) => canUseStation(row, userId, at)).map((row) => row.stationId);
}

export async function likedStationSummaries(
  db: Db,
  model: StationReadModel,
  userId: string,
): Promise<Omit<StationSummary, 'distanceKm'>[]> {
  const stationIds = await likedStationIds(db, userId, new Date());
  // Live status from the read model, the same the map shows.
  const snapshot = model.snapshot();
  return stationIds.flatMap((stationId) => {
    const position = snapshot.positionOf.get(stationId);
    return position === undefined ? [] : [stationSummary(snapshot, position)];
  });
}

export async function like(db: Db, userId: string, stationId: string): Promise<void> {
  const station = await repo.stationAccessFacts(db, stationId);
  if (!station || !canUseStation(station, userId, new Date())) {
    throw new AppError('STATION_NOT_FOUND');
  }
  await repo.insertLike(db, userId, stationId);
}

export async function unlike(db: Db, userId: string, stationId: string): Promise<void> {
  if (!(await repo.deleteLike(db, userId, stationId))) throw new AppError('NOT_FOUND');
}
