import type { FastifyBaseLogger } from 'fastify';
import { RESERVATION_REMINDER_MINUTES } from '@evcharge/domain/reservation';
import { runEvery } from '../../repeat';
import { tellReservation } from '../events';
import {
  beginReservation,
  endReservation,
  settleReservation,
  unansweredReservation,
  type ReservationDeps,
} from './lifecycle';
import {
  dueReminders,
  dueToBegin,
  dueToExpire,
  markReminded,
  unansweredReservations,
  unsettled,
} from './repo';
import { costOf } from './view';

/**
 * One pass by the server's clock (SPEC §3 Reservation): chosen periods that are due begin
 * (ReserveNow), the ones about to run out remind their driver, the ones over expire, and the
 * ended ones not yet paid for (a start on one ends it in the sessions module) are settled.
 * One a partner did not confirm in its time (OCPI 2.2.1 §13.1 CommandResult) fails.
 */
export async function sweepReservations(
  deps: ReservationDeps,
  log: FastifyBaseLogger,
  now = new Date(),
): Promise<void> {
  const step = async (what: string, run: () => Promise<unknown>) =>
    run().catch((error: unknown) => log.error({ err: error }, `reservation ${what} failed`));
  for (const reservation of await unansweredReservations(deps.db, now))
    await step('result', () => unansweredReservation(deps, reservation));
  for (const reservation of await dueToExpire(deps.db, now))
    await step('expiry', () => endReservation(deps, reservation, 'expired', reservation.endsAt));
  for (const reservation of await dueToBegin(deps.db, now))
    await step('begin', () => beginReservation(deps, reservation));
  const remindBefore = new Date(now.getTime() + RESERVATION_REMINDER_MINUTES * 60_000);
  for (const reservation of await dueReminders(deps.db, now, remindBefore)) {
    if (!(await markReminded(deps.db, reservation.id, now))) continue;
    await step('reminder', () =>
      tellReservation(
        deps,
        { ...reservation, costMinor: costOf(reservation, now).totalMinor },
        'reservationEnding',
      ),
    );
  }
  for (const reservation of await unsettled(deps.db))
    await step('settlement', () => settleReservation(deps, reservation));
}

/** Runs the sweep every CHARGE_SWEEP_SECONDS until the returned stop is called. */
export function startReservationSweep(
  deps: ReservationDeps,
  log: FastifyBaseLogger,
): () => Promise<void> {
  const pass = () => sweepReservations(deps, log);
  return runEvery(deps.config.charging.sweepSeconds, pass, log, 'reservation sweep');
}
