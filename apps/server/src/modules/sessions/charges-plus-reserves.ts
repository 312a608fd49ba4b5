import { and, desc, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { listChargesPlusReserves } from '@evcharge/api/payments/receipts';
import type { Db } from '../../db/client';
import { chargingSessions, reservations } from '../../db/schema/charging';
import { connectors, stations } from '../../db/schema/stations';
import { chargeRowsByIds, toCharge } from '../sessions';
import { receiptIdsFor } from './repo';

// SPEC §7 GET /v2/charges_plus_reserves: the driver's sessions and reservations in one list,
// newest first, each with its receipt.

type Answer = z.infer<typeof listChargesPlusReserves.response>;
type Entry = Answer['items'][number];

/** The sessions GET /v2/charges shows: every one that started, and open ones. */
const shownSessions = (userId: string) =>
  and(
    eq(chargingSessions.userId, userId),
    or(isNotNull(chargingSessions.startedAt), ne(chargingSessions.status, 'cancelled')),
  );

async function reservationRows(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      reservation: reservations,
      stationName: stations.name,
      connectorNumber: connectors.number,
    })
    .from(reservations)
    .innerJoin(connectors, eq(connectors.id, reservations.connectorId))
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(inArray(reservations.id, [...ids]));
}

export async function listChargesAndReserves(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<Answer> {
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
  const found = await entries
    .orderBy(desc(sql`at`), desc(sql`type`), desc(sql`id`))
    .limit(page.limit)
    .offset(page.offset);
  const [sessions] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(chargingSessions)
    .where(shownSessions(userId));
  const [reserves] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reservations)
    .where(eq(reservations.userId, userId));

  const sessionIds = found.filter((entry) => entry.type === 'charge').map((entry) => entry.id);
  const reservationIds = found.filter((entry) => entry.type === 'reserve').map((e) => e.id);
  const [charges, reserveRows, receiptIds] = await Promise.all([
    chargeRowsByIds(db, sessionIds),
    reservationRows(db, reservationIds),
    receiptIdsFor(db, { sessionIds, reservationIds }),
  ]);
  const chargeById = new Map(charges.map((row) => [row.session.id, row]));
  const reserveById = new Map(reserveRows.map((row) => [row.reservation.id, row]));
  const now = new Date();

  const items = await Promise.all(
    found.map(async (entry): Promise<Entry | undefined> => {
      const charge = chargeById.get(entry.id);
      if (entry.type === 'charge' && charge) {
        return {
          type: 'charge',
          at: charge.session.createdAt.toISOString(),
          charge: await toCharge(db, charge, now),
          receiptId: receiptIds.bySession.get(entry.id) ?? null,
        };
      }
      const reserve = reserveById.get(entry.id);
      if (entry.type !== 'reserve' || !reserve) return undefined;
      const { reservation } = reserve;
      return {
        type: 'reserve',
        at: reservation.createdAt.toISOString(),
        reserve: {
          id: reservation.id,
          status: reservation.status,
          stationName: reserve.stationName,
          connectorNumber: reserve.connectorNumber,
          startsAt: reservation.startsAt.toISOString(),
          endsAt: reservation.endsAt.toISOString(),
          costMinor: reservation.fixedCostMinor,
          currency: reservation.currency,
        },
        receiptId: receiptIds.byReservation.get(entry.id) ?? null,
      };
    }),
  );
  return {
    items: items.filter((item) => item !== undefined),
    total: (sessions?.total ?? 0) + (reserves?.total ?? 0),
  };
}
