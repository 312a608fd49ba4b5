import type { FastifyInstance } from 'fastify';
import {
  checkLikedStation,
  likeStation,
  listLikedStations,
  unlikeStation,
} from '@evcharge/api/favourites/favourite-stations';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { isFavourite } from '../stations';
import { like, likedStationSummaries, unlike } from './service';

export function favouriteRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  route(app, listLikedStations, async ({ auth }) => ({
    items: (await likedStationSummaries(db, deps.stationReadModel, auth.user.id)).map(
      (summary) => ({ ...summary, distanceKm: null }),
    ),
  }));
  route(app, checkLikedStation, async ({ auth, params }) => ({
    isLiked: await isFavourite(db, auth.user.id, params.id),
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
