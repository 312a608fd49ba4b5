import type { UserEvent } from '@evcharge/api/events/events';
import { AppError } from '@evcharge/domain/errors';
import { isUserEventType, type UserEventType } from '@evcharge/domain/user-events';
import type { Db } from '../../db/client';
import {
  countUserEvents,
  insertNewEvents,
  markEventRead,
  userEventRow,
  userEventRows,
  type EventRow,
} from './repo';

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
  const rows = await insertNewEvents(db, events);
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
  const counts = await countUserEvents(db, userId);
  const rows = await userEventRows(db, userId, {
    offset: (page - 1) * pageSize,
    limit: pageSize,
  });
  return {
    items: rows.flatMap((row) => toUserEvent(row) ?? []),
    total: counts.total,
    unreadCount: counts.unread,
  };
}

/** One of the user's events, marked read the first time it is opened. */
export async function readUserEvent(db: Db, userId: string, id: string): Promise<UserEvent> {
  await markEventRead(db, userId, id, new Date());
  const row = await userEventRow(db, userId, id);
  const event = row && toUserEvent(row);
  if (!event) throw new AppError('NOT_FOUND');
  return event;
}
