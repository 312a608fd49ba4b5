import { canUseStation } from '@evcharge/domain/private-station';
import { FAVOURITE_FREE_WINDOW_MINUTES } from '@evcharge/domain/user-events';
import type { Deps } from '../../deps';
import { likersWithoutRecentSession } from './repo';

// A connector of a station with no free connector became free: the drivers who like the
// station hear of it (issue: push token and events). Runs after the status is in the database
// and the read model, in the background of the OCPP message (stations/connector-status.ts,
// whenStationFreed in app.ts).

/** A driver who just left the connector (or charges there) needs no news of it. */
const RECENT_SESSION_MS = 10 * 60_000;

export async function tellFavouriteFree(
  deps: Pick<Deps, 'db' | 'userEvents'>,
  stationId: string,
  at: Date,
): Promise<void> {
  const recent = new Date(at.getTime() - RECENT_SESSION_MS);
  // A private station is news only to those who may use it now (domain/private-station.ts).
  const likers = (await likersWithoutRecentSession(deps.db, stationId, recent)).filter((liker) =>
    canUseStation(liker, liker.userId, at),
  );
  if (likers.length === 0) return;
  // One event per station and window: a connector flapping between busy and free is news once.
  const windowMs = FAVOURITE_FREE_WINDOW_MINUTES * 60_000;
  const dedupeKey = `${stationId}:${Math.floor(at.getTime() / windowMs)}`;
  await deps.userEvents.record(
    ...likers.map(({ userId, stationName }) => ({
      userId,
      type: 'favouriteFree' as const,
      dedupeKey,
      data: { stationId, stationName },
    })),
  );
}
