import type { z } from 'zod';
import { parseQrCode } from '@evcharge/api/stations/find-by-qr';
import type { listStations } from '@evcharge/api/stations/list-stations';
import { AppError } from '@evcharge/domain/errors';
import { STATION_TOTAL_COUNTED } from '@evcharge/api/stations/station-schemas';
import type { Db } from '../../db/client';
import type { AnswerCache, KeptAnswer } from './answer-cache';
import { canSee } from './detail';
import { walkNearest } from './nearest';
import { pageJson, pointsJson, walkPageJson } from './page';
import type { StationReadModel } from './read-model';
import type { Snapshot } from './snapshot';
import { findMatches, type StationFilter, type Viewer } from './search';
import { findConnectorByQr } from './repo';

export { stationDetail } from './detail';

export type ListBody = z.output<(typeof listStations)['body']>;

export const visitor: Viewer = { userId: null };

/** Only owners of private stations see something other than a visitor does. */
function sharedViewer(snapshot: Snapshot, viewer: Viewer): Viewer {
  return viewer.userId !== null && snapshot.ownerIds.has(viewer.userId) ? viewer : visitor;
}

/**
 * The key of an answer: its kind, the body as the client sent it (its JSON text, before
 * validation, so a request asked again skips validation too) and, for owners of private
 * stations only, who asks; every other caller shares the visitor's answers.
 */
export function answerKey(
  model: StationReadModel,
  kind: 'list' | 'map',
  bodyText: string,
  viewer: Viewer,
): string {
  const { userId } = sharedViewer(model.snapshot(), viewer);
  return `${kind}|${userId ?? ''}|${bodyText}`;
}

/** The kept answer for `key` if there is one (the stations have not changed since). */
export function peekAnswer(model: StationReadModel, cache: AnswerCache, key: string) {
  return cache.peek(key, model.version());
}

/**
 * One page of matching stations as JSON (stationPageSchema), from memory, kept under `key`
 * (answerKey of the request) until the stations change.
 */
export function listPage(
  model: StationReadModel,
  cache: AnswerCache,
  key: string,
  body: ListBody,
  viewer: Viewer,
): KeptAnswer<Buffer> {
  const snapshot = model.snapshot();
  return cache.answer(key, model.version(), () => {
    const { page, pageSize, ...filter } = body;
    const who = sharedViewer(snapshot, viewer);
    if (filter.near) {
      // Nearest first: walk out from the point and stop soon after the page (nearest.ts),
      // counting on up to STATION_TOTAL_COUNTED matches for the total.
      const limit = Math.max(page * pageSize, STATION_TOTAL_COUNTED) + 1;
      return walkPageJson(snapshot, walkNearest(snapshot, filter, who, limit), page, pageSize);
    }
    return pageJson(snapshot, findMatches(snapshot, filter, who), page, pageSize);
  });
}

/** Every matching station as map points (stationPointsSchema), from memory, kept as above. */
export function mapPointsJson(
  model: StationReadModel,
  cache: AnswerCache,
  key: string,
  filter: StationFilter,
  viewer: Viewer,
): KeptAnswer<string> {
  const snapshot = model.snapshot();
  return cache.answer(key, model.version(), () =>
    pointsJson(snapshot, findMatches(snapshot, filter, sharedViewer(snapshot, viewer))),
  );
}

/** The station and connector of a QR code `{altName}-{connectorNumber}`. */
export async function findByQr(db: Db, code: string, viewer: Viewer) {
  const parsed = parseQrCode(code);
  if (!parsed) throw new AppError('INCORRECT_QR');
  const found = await findConnectorByQr(db, parsed.altName, parsed.connectorNumber);
  if (!found || !canSee(found, viewer, new Date())) throw new AppError('STATION_NOT_FOUND');
  return {
    stationId: found.stationId,
    connectorId: found.connectorId,
    connectorNumber: found.connectorNumber,
  };
}
