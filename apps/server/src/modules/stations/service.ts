import type { z } from 'zod';
import { parseQrCode } from '@evcharge/api/stations/find-by-qr';
import type { listStations } from '@evcharge/api/stations/list-stations';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { canSee } from './detail';
import { pageJson, pointsJson } from './page';
import type { StationReadModel } from './read-model';
import { findMatches, type StationFilter, type Viewer } from './search';
import { findConnectorByQr } from './repo';

export { stationDetail } from './detail';

export type ListBody = z.output<(typeof listStations)['body']>;

export const visitor: Viewer = { userId: null };

/** One page of matching stations as JSON (stationPageSchema), from memory. */
export function listPage(model: StationReadModel, body: ListBody, viewer: Viewer): Buffer {
  const { page, pageSize, ...filter } = body;
  const snapshot = model.snapshot();
  return pageJson(snapshot, findMatches(snapshot, filter, viewer), page, pageSize);
}

/** Every matching station as map points (stationPointsSchema), from memory. */
export function mapPointsJson(
  model: StationReadModel,
  filter: StationFilter,
  viewer: Viewer,
): string {
  const snapshot = model.snapshot();
  return pointsJson(snapshot, findMatches(snapshot, filter, viewer));
}

/** The station and connector of a QR code `{altName}-{connectorNumber}`. */
export async function findByQr(db: Db, code: string, viewer: Viewer) {
  const parsed = parseQrCode(code);
  if (!parsed) throw new AppError('INCORRECT_QR');
  const found = await findConnectorByQr(db, parsed.altName, parsed.connectorNumber);
  if (!found || !canSee(found, viewer)) throw new AppError('STATION_NOT_FOUND');
  return {
    stationId: found.stationId,
    connectorId: found.connectorId,
    connectorNumber: found.connectorNumber,
  };
}
