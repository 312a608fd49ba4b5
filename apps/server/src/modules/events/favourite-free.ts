import { and, eq, gt, inArray, notExists, or } from 'drizzle-orm';
import { FAVOURITE_FREE_WINDOW_MINUTES } from '@evcharge/domain/user-events';
import type { Db } from '../../db/client';
import { activeSessionStatuses, chargingSessions } from '../../db/schema/charging';
import { connectors, favouriteStations, stations } from '../../db/schema/stations';
import type { Deps } from '../../deps';

// A connector of a station with no free connector became free: the drivers who like the
// station hear of it (issue: push token and events). Runs after the status is in the database
// and the read model, in the background of the OCPP message (stations/connector-status.ts,
// whenStationFreed in app.ts).

/** A driver who just left the connector (or charges there) needs no news of it. */
const RECENT_SESSION_MS = 10 * 60_000;

async function likersToTell(db: Db, stationId: string, at: Date) {
  const recent = new Date(at.getTime() - RECENT_SESSION_MS);
  return db
    .select({ userId: favouriteStations.userId, stationName: stations.name })
    .from(favouriteStations)
    .innerJoin(stations, eq(stations.id, favouriteStations.stationId))
    .where(
      and(
        eq(favouriteStations.stationId, stationId),
        notExists(
          db
            .select({ id: chargingSessions.id })
            .from(chargingSessions)
            .innerJoin(connectors, eq(connectors.id, chargingSessions.connectorId))
            .where(
              and(
                eq(connectors.stationId, stationId),
                eq(chargingSessions.userId, favouriteStations.userId),
                or(
                  inArray(chargingSessions.status, [...activeSessionStatuses]),
                  gt(chargingSessions.updatedAt, recent),
                ),
              ),
            ),
        ),
      ),
    );
}

export async function tellFavouriteFree(
  deps: Pick<Deps, 'db' | 'userEvents'>,
  stationId: string,
  at: Date,
): Promise<void> {
  const likers = await likersToTell(deps.db, stationId, at);
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
