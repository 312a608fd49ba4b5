import { and, eq, inArray } from 'drizzle-orm';
import { chargingSessions } from '../../db/schema/charging';
import { recordChargeEvent, type EventDeps } from './events';
import { payerOf } from './payer';
import { tellSessionEnded } from '../events/session-events';
import { postTransaction } from '../ledger/service';
import { captureSession } from '../payments/session-payment';
import { issueSessionReceipt } from '../receipts/issue';
import type { Deps } from '../../deps';
import { costMinor, tariffOf } from './cost';
import {
  runningStatuses,
  sessionSamples,
  type PlacedSession,
  type SessionRow,
} from './repo';

export type SessionEnd = {
  /** When energy stopped flowing (StopTransaction's timestamp). */
  chargingEndedAt: Date;
  energyWh: number;
  meterStopWh: number | null;
  stopReason: string;
  /** For a session that parked: when the car left (the connector became Available). */
  parkingEndedAt?: Date;
};

const finishableStatuses = [...runningStatuses, 'parking'] as const;

/**
 * Ends a session for good: the exact cost over every stored reading, status `success`. The one
 * place a session becomes final, so it is where the money moves, in the same transaction:
 * the cost leaves the payer's wallet for revenue (DESIGN.md: a double-entry ledger). What
 * the wallet does not cover leaves it negative: that is the driver's debt, which blocks the
 * next start until paid. The receipt is issued in the same transaction; a session paid by
 * card then has its cost captured from the card's hold, which puts it back on the wallet. Returns undefined when the session had already ended: a repeated
 * StopTransaction changes nothing and posts nothing (and the ledger's unique reference
 * would refuse a second posting anyway).
 */
export async function finishSession(
  deps: EventDeps & Pick<Deps, 'metrics' | 'userEvents' | 'acquirer' | 'brand' | 'config'>,
  session: PlacedSession,
  end: SessionEnd,
): Promise<SessionRow | undefined> {
  // Before the transaction: on PGlite a query on deps.db inside it would wait forever.
  const tariff = await tariffOf(deps.db, session.tariffId);
  const done = await deps.db.transaction(async (tx) => {
    const readings = await sessionSamples(tx, session.id);
    const cost = costMinor(tariff, session, {
      chargingEndedAt: end.chargingEndedAt,
      energyWh: end.energyWh,
      readings,
      parkingEndedAt: end.parkingEndedAt,
    });
    const isParked = session.status === 'parking';
    const [finished] = await tx
      .update(chargingSessions)
      .set({
        status: 'success',
        energyWh: end.energyWh,
        meterStopWh: end.meterStopWh,
        powerW: 0,
        costMinor: cost,
        // A parked session keeps its charging end and gets the time the car left.
        stoppedAt: end.parkingEndedAt ?? end.chargingEndedAt,
        parkingStartedAt: isParked ? session.parkingStartedAt : null,
        stopReason: isParked ? session.stopReason : end.stopReason,
        stopRequestedAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(chargingSessions.id, session.id),
          inArray(chargingSessions.status, [...finishableStatuses]),
        ),
      )
      .returning();
    if (finished && cost > 0) {
      await postTransaction(tx, {
        kind: 'charge_payment',
        reference: session.id,
        description: `Charging session ${session.transactionId}`,
        currency: session.currency,
        postings: [
          { owner: payerOf(session), amountMinor: -cost },
          { owner: { kind: 'revenue' }, amountMinor: cost },
        ],
      });
      await issueSessionReceipt(tx, deps.brand, session.id);
    }
    return finished;
  });
  if (!done) return undefined;
  // Paid by card: the cost comes from the hold now (the sweep tries again if this fails).
  if (done.paymentMethod === 'card') {
    await captureSession(deps, done.id, done.costMinor).catch(() => undefined);
  }
  deps.metrics.chargeSessionsEnded.inc({ outcome: 'success' });
  if (done.costMinor > 0)
    deps.metrics.chargeRevenueMinor.inc({ currency: done.currency }, done.costMinor);
  await recordChargeEvent(deps, done, 'finished', {
    reason: done.serverStopReason ?? done.stopReason ?? 'Local',
  });
  await tellSessionEnded(deps, done);
  return done;
}
