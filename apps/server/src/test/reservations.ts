import { and, eq, like } from 'drizzle-orm';
import {
  cancelReserve,
  createReserve,
  type CreateReserveBody,
  type Reservation,
} from '@evcharge/api/reserves/reserves';
import { reservations } from '../db/schema/charging';
import { ledgerTransactions, receipts } from '../db/schema/money';
import { userEvents } from '../db/schema/notifications';
import { sweepReservations } from '../modules/reservations';
import { userWalletBalanceMinor } from '../modules/ledger';
import type { Driver } from './charging';
import type { TestServer } from './harness';
import { moneyDeps } from './money-deps';
import { insertTestTariff } from './station-builders';

// Reservations for the reserve tests: make and cancel them over HTTP, run the sweep at a
// chosen time, and read what they left in the books.

export const FEE_MINOR = 3_000;
export const PER_MINUTE_MINOR = 200;

/** The reservations' tariff: 30.00 fixed and 2.00 a minute held, 15.00 per kWh charged. */
export function insertReservationTariff(server: Pick<TestServer, 'db'>): Promise<string> {
  return insertTestTariff(server.db, {
    perKwhMinor: 1500,
    reservationFeeMinor: FEE_MINOR,
    reservationPerMinuteMinor: PER_MINUTE_MINOR,
  });
}

export function reserve(server: TestServer, who: Driver, body: CreateReserveBody) {
  return server.call<Reservation>(createReserve, { token: who.token, body });
}

export function cancel(server: TestServer, who: Driver, reservation: Reservation) {
  return server.call<Reservation>(cancelReserve, {
    token: who.token,
    params: { id: reservation.id, x: reservation.connectorId },
  });
}

/** One pass of the reservation sweep as if the clock said `at`. */
export async function sweepAt(server: TestServer, at: Date) {
  const deps = { ...(await moneyDeps(server)), chargePoints: server.app.chargePoints };
  await sweepReservations(deps, server.app.log, at);
}

export async function reservationRow(server: TestServer, id: string) {
  const [row] = await server.db.select().from(reservations).where(eq(reservations.id, id));
  if (!row) throw new Error(`no reservation ${id}`);
  return row;
}

/** The ledger transactions of a reservation (its fixed cost, its end). */
export async function reservationPostings(server: TestServer, id: string) {
  return server.db
    .select({ reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, 'reservation_payment'),
        like(ledgerTransactions.reference, `${id}:%`),
      ),
    );
}

export async function reservationReceipt(server: TestServer, id: string) {
  const [row] = await server.db
    .select()
    .from(receipts)
    .where(and(eq(receipts.reservationId, id), eq(receipts.kind, 'reservation')));
  return row;
}

export function walletOf(server: TestServer, who: { id: string }) {
  return userWalletBalanceMinor(server.db, who.id, 'rub');
}

export async function eventTypesOf(server: TestServer, who: { id: string }) {
  const rows = await server.db
    .select({ type: userEvents.type })
    .from(userEvents)
    .where(eq(userEvents.userId, who.id));
  return rows.map((row) => row.type).sort();
}

export const minutesFrom = (at: Date | string, minutes: number) =>
  new Date(new Date(at).getTime() + minutes * 60_000);
