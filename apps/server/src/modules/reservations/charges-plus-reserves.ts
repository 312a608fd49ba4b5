import type { z } from 'zod';
import type { listChargesPlusReserves } from '@evcharge/api/payments/receipts';
import type { Db } from '../../db/client';
import { receiptIdsFor } from '../receipts';
import { chargeRowsByIds, toCharge } from '../sessions';
import {
  countReservations,
  countShownSessions,
  sessionAndReservationPage,
} from './charges-plus-reserves-repo';
import { reservationViewRows } from './repo';
import { toReservation } from './view';

// SPEC §7 GET /v2/charges_plus_reserves: the driver's sessions and reservations in one list,
// newest first, each with its receipt (the receipts module's ids).

type Answer = z.infer<typeof listChargesPlusReserves.response>;
type Entry = Answer['items'][number];

export async function listChargesAndReserves(
  db: Db,
  userId: string,
  page: { offset: number; limit: number },
): Promise<Answer> {
  const found = await sessionAndReservationPage(db, userId, page);
  const sessionsTotal = await countShownSessions(db, userId);
  const reservesTotal = await countReservations(db, userId);

  const sessionIds = found.filter((entry) => entry.type === 'charge').map((entry) => entry.id);
  const reservationIds = found.filter((entry) => entry.type === 'reserve').map((e) => e.id);
  const [charges, reserveRows, receiptIds] = await Promise.all([
    chargeRowsByIds(db, sessionIds),
    reservationViewRows(db, reservationIds),
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
      return {
        type: 'reserve',
        at: reserve.reservation.createdAt.toISOString(),
        reserve: toReservation(reserve, now),
        receiptId: receiptIds.byReservation.get(entry.id) ?? null,
      };
    }),
  );
  return {
    items: items.filter((item) => item !== undefined),
    total: sessionsTotal + reservesTotal,
  };
}
