import type { FastifyInstance } from 'fastify';
import {
  checkLikedStation,
  likeStation,
  listLikedStations,
  unlikeStation,
} from '@evcharge/api/likes/liked-stations';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { isLiked } from './repo';
import { like, likedStationSummaries, unlike } from './service';

export function likeRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, listLikedStations, async ({ auth }) => ({
    items: (await likedStationSummaries(db, deps.stationReadModel, auth.user.id)).map(
      (summary) => ({ ...summary, distanceKm: null }),
    ),
  }));
  route(app, checkLikedStation, async ({ auth, params }) => ({
    isLiked: await isLiked(db, auth.user.id, params.id),
  }));
  route(app, likeStation, async ({ auth, params }) => {
    await like(db, auth.user.id, params.id);
    return { ok: true as const };
  });
  route(app, unlikeStation, async ({ auth, params }) => {
    await unlike(db, auth.user.id, params.id);
    return { ok: true as const };
  });
}
