import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { UserEvent } from '@evcharge/api/events/events';
import { AppError } from '@evcharge/domain/errors';
import { isUserEventType, type UserEventType } from '@evcharge/domain/user-events';
import type { Db } from '../../db/client';
import { userEvents } from '../../db/schema/notifications';

// SPEC §7 GET /events and /events/{guid}: the driver's notifications (user_events), scoped by
// the caller: another driver's event is not found, and reading it changes nothing.

export type EventData = Record<string, string | number | boolean | null>;

export type NewUserEvent = {
  userId: string;
  type: UserEventType;
  data: EventData;
  /** One event per (user, type, key): the session id, or a station and a time window. */
  dedupeKey: string | null;
};

type EventRow = typeof userEvents.$inferSelect;
export type RecordedUserEvent = EventRow & { type: UserEventType; data: EventData };

/**
 * Records events; an event already recorded (same user, type and dedupe key) is skipped, so a
 * repeated StopTransaction or a second sweep tells the driver once. Returns the new rows.
 */
export async function recordUserEvents(
  db: Db,
  events: readonly NewUserEvent[],
): Promise<RecordedUserEvent[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(userEvents)
    .values([...events])
    .onConflictDoNothing()
    .returning();
  return rows as RecordedUserEvent[];
}

/** recordUserEvents for one event: the new row, or undefined when it was recorded before. */
export async function recordUserEvent(
  db: Db,
  event: NewUserEvent,
): Promise<RecordedUserEvent | undefined> {
  const [row] = await recordUserEvents(db, [event]);
  return row;
}

function toUserEvent(row: EventRow): UserEvent | undefined {
  if (!isUserEventType(row.type)) return undefined;
  return {
    id: row.id,
    type: row.type,
    data: row.data as UserEvent['data'],
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function listUserEvents(
  db: Db,
  userId: string,
  page: number,
  pageSize: number,
): Promise<{ items: UserEvent[]; total: number; unreadCount: number }> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${userEvents.readAt} is null))::int`,
    })
    .from(userEvents)
    .where(eq(userEvents.userId, userId));
  const rows = await db
    .select()
    .from(userEvents)
    .where(eq(userEvents.userId, userId))
    .orderBy(desc(userEvents.createdAt), desc(userEvents.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.flatMap((row) => toUserEvent(row) ?? []),
    total: counts?.total ?? 0,
    unreadCount: counts?.unread ?? 0,
  };
}

/** One of the user's events, marked read the first time it is opened. */
export async function readUserEvent(db: Db, userId: string, id: string): Promise<UserEvent> {
  const mine = and(eq(userEvents.id, id), eq(userEvents.userId, userId));
  await db
    .update(userEvents)
    .set({ readAt: new Date() })
    .where(and(mine, isNull(userEvents.readAt)));
  const [row] = await db.select().from(userEvents).where(mine);
  const event = row && toUserEvent(row);
  if (!event) throw new AppError('NOT_FOUND');
  return event;
}
