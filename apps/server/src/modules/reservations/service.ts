import type { z } from 'zod';
import type {
  connectorReserveNow,
  connectorReserveNowV2,
  CreateReserveBody,
  Reservation,
} from '@evcharge/api/reserves/reserves';
import { AppError } from '@evcharge/domain/errors';
import { isReservationOpen } from '@evcharge/domain/reservation';
import type { Db } from '../../db/client';
import { createReservation, reserveQuote } from './create';
import { endReservation, type ReservationDeps } from './lifecycle';
import {
  countUserReservations,
  findReservation,
  holdingPeriods,
  reservationViewRows,
  userReservationPage,
} from './repo';
import { toReservation } from './view';

// SPEC §7 Reserves: the driver's reservations, a connector's state now, make and cancel one.

async function viewOf(db: Db, id: string, now = new Date()): Promise<Reservation> {
  const [row] = await reservationViewRows(db, [id]);
  if (!row) throw new AppError('NOT_FOUND');
  return toReservation(row, now);
}

/** The driver's own reservation; anyone else's is not found. */
export async function userReservation(db: Db, userId: string, id: string): Promise<Reservation> {
  const reservation = await findReservation(db, id);
  if (!reservation || reservation.userId !== userId) throw new AppError('NOT_FOUND');
  return viewOf(db, id);
}

export async function listUserReservations(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
) {
  const now = new Date();
  const rows = await userReservationPage(db, userId, page);
  return {
    items: rows.map((row) => toReservation(row, now)),
    total: await countUserReservations(db, userId),
  };
}

/** Who holds the connector now: nobody, the reader, or someone else until when. */
async function stateNow(db: Db, userId: string, connectorId: string, now: Date) {
  const periods = await holdingPeriods(db, connectorId, now);
  const current = periods.find((p) => p.startsAt <= now && p.endsAt > now);
  return { periods, current, isMine: current?.userId === userId };
}

export async function connectorStateV2(
  deps: Pick<ReservationDeps, 'db' | 'brand'>,
  userId: string,
  connectorId: string,
): Promise<z.infer<typeof connectorReserveNowV2.response>> {
  const now = new Date();
  const quote = await reserveQuote(deps, userId, connectorId, now);
  const { periods, current, isMine } = await stateNow(deps.db, userId, connectorId, now);
  return {
    state: !current ? 'free' : isMine ? 'mine' : 'taken',
    reservation: current && isMine ? await viewOf(deps.db, current.id, now) : null,
    takenUntil: current && !isMine ? current.endsAt.toISOString() : null,
    taken: periods.map((p) => ({
      startsAt: p.startsAt.toISOString(),
      endsAt: p.endsAt.toISOString(),
    })),
    quote,
  };
}

export async function connectorState(
  db: Db,
  userId: string,
  connectorId: string,
): Promise<z.infer<typeof connectorReserveNow.response>> {
  const { current, isMine } = await stateNow(db, userId, connectorId, new Date());
  return {
    state: !current ? 'free' : isMine ? 'mine' : 'taken',
    until: current?.endsAt.toISOString() ?? null,
    reservationId: current && isMine ? current.id : null,
  };
}

export async function reserve(
  deps: ReservationDeps,
  userId: string,
  body: CreateReserveBody,
): Promise<Reservation> {
  const reservation = await createReservation(deps, userId, body);
  return viewOf(deps.db, reservation.id);
}

/**
 * Cancels the driver's reservation of `connectorId`: free before it begins, its fixed cost
 * and the minutes held after. One that already ended is answered as it stands.
 */
export async function cancel(
  deps: ReservationDeps,
  userId: string,
  id: string,
  connectorId: string,
): Promise<Reservation> {
  const reservation = await findReservation(deps.db, id);
  if (!reservation || reservation.userId !== userId || reservation.connectorId !== connectorId)
    throw new AppError('NOT_FOUND');
  if (isReservationOpen(reservation.status))
    await endReservation(deps, reservation, 'cancelled', new Date());
  return viewOf(deps.db, id);
}
