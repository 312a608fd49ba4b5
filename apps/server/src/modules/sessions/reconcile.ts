import type { FastifyBaseLogger } from 'fastify';
import type { OCPP16 } from 'typed-ocpp';
import type { Deps } from '../../deps';
import { tellSessionAdjusted } from '../events';
import { postTransaction } from '../ledger';
import { addCardPoints } from '../loyalty';
import { issueSessionAdjustmentReceipt } from '../receipts';
import { pricedCost, ocppSessionTariff } from './cost';
import { costPostings, pointsOf } from './finish';
import { recordChargeEvent, type EventDeps } from './events';
import { adjustStationOwner } from './owner-earning';
import { sessionSamples } from './meter-repo';
import { recordMeterAnomaly } from './meter-anomaly';
import { insertStopSample, settleMeter } from './meter-settle';
import { stopTimeOf } from './start-clock';
import { markReconciled, type PlacedSession } from './repo';

/**
 * A StopTransaction for a session we closed without it (close-without-stop.ts): the charge
 * point was away, or lost the message for a while. Its meter wins (meter-timeline.ts): the
 * session takes the stop's energy and time, and the difference from what was billed moves
 * through the ledger as its own transaction with its own receipt, never as a second charge.
 * Once: a repeat of the stop finds the session reconciled and changes nothing.
 */
export async function reconcileLateStop(
  deps: EventDeps & Pick<Deps, 'brand' | 'userEvents'>,
  session: PlacedSession,
  params: OCPP16.StopTransactionRequest,
  receivedAt: Date,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<void> {
  const stoppedAt = stopTimeOf(session, params.timestamp, receivedAt);
  const energy = await settleMeter(deps.db, session, {
    meterStopWh: params.meterStop,
    at: stoppedAt,
  });
  if (energy.anomaly) await recordMeterAnomaly(deps, session, energy.anomaly, log);
  const tariff = await ocppSessionTariff(deps.db, session);
  const done = await deps.db.transaction(async (tx) => {
    const readings = await sessionSamples(tx, session.id);
    const priced = pricedCost(tariff, session, {
      chargingEndedAt: stoppedAt,
      energyWh: energy.energyWh,
      readings,
    });
    const cost = priced.costMinor;
    const differenceMinor = cost - session.costMinor;
    const discountDifferenceMinor = priced.discountMinor - session.loyaltyDiscountMinor;
    const points = pointsOf(session, energy.energyWh);
    const updated = await markReconciled(tx, session.id, {
      energyWh: energy.energyWh,
      meterStopWh: params.meterStop,
      energySource: energy.source,
      costMinor: cost,
      loyaltyDiscountMinor: priced.discountMinor,
      loyaltyPoints: points,
      stoppedAt,
      // What really ended it; closed_without_stop_at keeps that we had closed it first.
      stopReason: params.reason ?? 'Local',
    });
    // Another copy of this stop got here first.
    if (!updated) return undefined;
    // The card's points follow the meter's final energy too (SPEC §7 Loyalty).
    const pointsDifference = (points ?? 0) - (session.loyaltyPoints ?? 0);
    if (updated.loyaltyCardId && pointsDifference !== 0)
      await addCardPoints(tx, updated.loyaltyCardId, pointsDifference);
    if (differenceMinor !== 0 || discountDifferenceMinor !== 0) {
      await postTransaction(tx, {
        kind: 'adjustment',
        reference: `session-meter:${session.id}`,
        description: `Charging session ${session.transactionId}: the meter's final reading`,
        currency: session.currency,
        postings: costPostings(session, {
          costMinor: differenceMinor,
          discountMinor: discountDifferenceMinor,
          fullMinor: differenceMinor + discountDifferenceMinor,
        }),
      });
      await issueSessionAdjustmentReceipt(tx, deps.brand, {
        sessionId: session.id,
        userId: session.userId,
        currency: session.currency,
        differenceMinor,
        // The difference moves on the payer's balance, whatever paid the session first.
        paymentMethod: 'balance',
      });
      await adjustStationOwner(tx, deps.brand, session, {
        before: session.costMinor + session.loyaltyDiscountMinor,
        after: priced.fullMinor,
      });
    }
    return { updated, differenceMinor };
  });
  if (!done) return;
  await insertStopSample(
    deps.db,
    session.id,
    { at: stoppedAt, meterStopWh: params.meterStop },
    energy,
  );
  log.info(
    { transactionId: session.transactionId, differenceMinor: done.differenceMinor },
    'late StopTransaction reconciled',
  );
  await recordChargeEvent(deps, done.updated, 'finished', { reason: 'reconciled' });
  await tellSessionAdjusted(deps, done.updated, done.differenceMinor);
}
