import { and, desc, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { chargingSessions, reservations } from '../../db/schema/charging';

// Queries of the list of sessions and reservations (SPEC §7 GET /v2/charges_plus_reserves).

/** The sessions GET /v2/charges shows: every one that started, and open ones. */
const shownSessions = (userId: string) =>
  and(
    eq(chargingSessions.userId, userId),
    or(isNotNull(chargingSessions.startedAt), ne(chargingSessions.status, 'cancelled')),
  );

/** A page of the user's sessions and reservations, newest first. */
export async function sessionAndReservationPage(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
) {
  const entries = unionAll(
    db
      .select({
        type: sql<'charge' | 'reserve'>`'charge'`.as('type'),
        id: chargingSessions.id,
        at: sql<string>`${chargingSessions.createdAt}`.as('at'),
      })
      .from(chargingSessions)
      .where(shownSessions(userId)),
    db
      .select({
        type: sql<'charge' | 'reserve'>`'reserve'`.as('type'),
        id: reservations.id,
        at: sql<string>`${reservations.createdAt}`.as('at'),
      })
      .from(reservations)
      .where(eq(reservations.userId, userId)),
  );
  // A tie on the instant falls back on type and id, so pages never overlap.
  return entries
    .orderBy(desc(sql`at`), desc(sql`type`), desc(sql`id`))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countShownSessions(db: Db, userId: string): Promise<number> {
  const [sessions] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(chargingSessions)
    .where(shownSessions(userId));
  return sessions?.total ?? 0;
}

export async function countReservations(db: Db, userId: string): Promise<number> {
  const [reserves] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reservations)
    .where(eq(reservations.userId, userId));
  return reserves?.total ?? 0;
}
