import { and, desc, eq, gt, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { privateStations } from '../../db/schema/private-stations';
import { sharingColumns, withSharing } from '../../db/sharing';
import { activeSessionStatuses, chargingSessions } from '../../db/schema/charging';
import { userEvents } from '../../db/schema/notifications';
import { connectors, favouriteStations, stations } from '../../db/schema/stations';

// Queries on the driver's notifications (one function per query) and the few facts they name.

export type EventRow = typeof userEvents.$inferSelect;
export type NewEventRow = typeof userEvents.$inferInsert;

/** Inserts the events not recorded before (same user, type and dedupe key); the new rows. */
export async function insertNewEvents(db: Db, events: readonly NewEventRow[]): Promise<EventRow[]> {
  return db
    .insert(userEvents)
    .values([...events])
    .onConflictDoNothing()
    .returning();
}

export async function countUserEvents(db: Db, userId: string) {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${userEvents.readAt} is null))::int`,
    })
    .from(userEvents)
    .where(eq(userEvents.userId, userId));
  return { total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

/** A page of the user's events, newest first. */
export async function userEventRows(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<EventRow[]> {
  return db
    .select()
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.createdAt), desc(userEvents.id))
    .limit(page.limit)
    .offset(page.offset);
}

const mine = (userId: string, id: string) =>
  and(eq(userEvents.id, id), eq(userEvents.userId, userId));

/** Marks the user's event read, unless it was already. */
export async function markEventRead(db: Db, userId: string, id: string, at: Date): Promise<void> {
  await db
    .update(userEvents)
    .set({ readAt: at })
    .where(and(mine(userId, id), isNull(userEvents.readAt)));
}

export async function userEventRow(
  db: Db,
  userId: string,
  id: string,
): Promise<EventRow | undefined> {
  const [row] = await db.select().from(userEvents).where(mine(userId, id));
  return row;
}

/**
 * The station a connector belongs to: its id, name and UTC offset (for local times in texts),
 * and the connector's number at the station.
 */
export async function stationOfConnector(db: Db, connectorId: string) {
  const [row] = await db
    .select({
      id: stations.id,
      name: stations.name,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      connectorNumber: connectors.number,
    })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(eq(connectors.id, connectorId));
  return row;
}

/**
 * The drivers who like the station, with its name, but not one who has an active session at
 * the station or had one there since `recent`.
 */
export async function likersWithoutRecentSession(db: Db, stationId: string, recent: Date) {
  const rows = await db
    .select({
      userId: favouriteStations.userId,
      stationName: stations.name,
      // Who may see the station (domain/private-station.ts).
      isPrivate: stations.isPrivate,
      ownerUserId: stations.ownerUserId,
      utcOffsetMinutes: stations.utcOffsetMinutes,
      ...sharingColumns,
    })
    .from(favouriteStations)
    .innerJoin(stations, eq(stations.id, favouriteStations.stationId))
    .leftJoin(privateStations, eq(privateStations.stationId, stations.id))
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
  return rows.map(withSharing);
}
