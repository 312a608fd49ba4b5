import { exchangedCost } from '@evcharge/domain/exchange';
import { loyaltyPoints } from '@evcharge/domain/loyalty';
import type { Deps } from '../../deps';
import { tellSessionClosedNoStop, tellSessionEnded } from '../events';
import { payerOf, postTransaction, type Posting } from '../ledger';
import { addCardPoints } from '../loyalty';
import { captureSession } from '../payments';
import { issueSessionReceipt } from '../receipts';
import { pricedCost, ocppSessionTariff, sessionExchange, type PricedCost } from './cost';
import { insertChargeEventIn, type EventDeps } from './events';
import { creditStationOwner } from './owner-earning';
import { sessionSamples } from './meter-repo';
import type { EnergySource } from './meter-timeline';
import { runningStatuses, updateSessionFrom, type PlacedSession, type SessionRow } from './repo';

export type SessionEnd = {
  /** When energy stopped flowing (StopTransaction's timestamp). */
  chargingEndedAt: Date;
  energyWh: number;
  meterStopWh: number | null;
  stopReason: string;
  /** For a session that parked: when the car left (the connector became Available). */
  parkingEndedAt?: Date;
  /** Where energyWh comes from (meter-timeline.ts); a parked session keeps what its stop said. */
  energySource?: EnergySource;
  /** No StopTransaction came: we closed it on the meter's last sane reading. */
  isClosedWithoutStop?: boolean;
};

const finishableStatuses = [...runningStatuses, 'parking'] as const;

/**
 * The postings of a session's cost (or of a change to it): revenue gets the full cost, the
 * payer the discounted one, and the loyalty programme the discount (SPEC §7 Loyalty).
 */
export function costPostings(
  session: Pick<SessionRow, 'userId' | 'payerCompanyId'>,
  cost: Pick<PricedCost, 'fullMinor' | 'discountMinor' | 'costMinor'>,
): Posting[] {
  const postings: Posting[] = [
    { owner: payerOf(session), amountMinor: -cost.costMinor },
    { owner: { kind: 'revenue' }, amountMinor: cost.fullMinor },
    { owner: { kind: 'loyalty_discounts' }, amountMinor: -cost.discountMinor },
  ];
  return postings.filter((posting) => posting.amountMinor !== 0);
}

/**
 * The receipt's items in the currency the session was paid in, and, when the wallet paid a
 * station priced in another (payment-rule.ts), what it came to there and the rate.
 */
function receiptCost(session: SessionRow, priced: PricedCost) {
  const exchange = sessionExchange(session);
  if (!exchange) return { cost: priced.breakdown, exchange: null };
  return {
    cost: exchangedCost(priced.breakdown, exchange),
    exchange: { currency: exchange.from, amountMinor: priced.priceCostMinor, rate: exchange.rate },
  };
}

/** SPEC §7 Loyalty: the points a session on a points card earns, else null. */
export function pointsOf(session: Pick<SessionRow, 'loyalty'>, energyWh: number): number | null {
  const benefit = session.loyalty?.benefit;
  return benefit?.kind === 'points' ? loyaltyPoints(energyWh, benefit) : null;
}

/**
 * Ends a session for good: the exact cost over every stored reading, status `success`. The one
 * place a session becomes final, so it is where the money moves, in the same transaction:
 * the cost leaves the payer's wallet for revenue (DESIGN.md: a double-entry ledger). What
 * the wallet does not cover leaves it negative: that is the driver's debt, which blocks the
 * next start until paid. On another driver's private station the owner's share moves on to
 * their wallet here too (owner-earning.ts). The receipt is issued in the same transaction; a session paid by
 * card then has its cost captured from the card's hold, which puts it back on the wallet. Returns undefined when the session had already ended: a repeated
 * StopTransaction changes nothing and posts nothing (and the ledger's unique reference
 * would refuse a second posting anyway).
 */
export async function finishSession(
  deps: EventDeps &
    Pick<Deps, 'metrics' | 'userEvents' | 'acquirer' | 'purchases' | 'brand' | 'config'>,
  session: PlacedSession,
  end: SessionEnd,
): Promise<SessionRow | undefined> {
  // Before the transaction: on PGlite a query on deps.db inside it would wait forever.
  const tariff = await ocppSessionTariff(deps.db, session);
  const done = await deps.db.transaction(async (tx) => {
    const readings = await sessionSamples(tx, session.id);
    const priced = pricedCost(tariff, session, {
      chargingEndedAt: end.chargingEndedAt,
      energyWh: end.energyWh,
      readings,
      parkingEndedAt: end.parkingEndedAt,
    });
    const cost = priced.costMinor;
    const points = pointsOf(session, end.energyWh);
    const isParked = session.status === 'parking';
    const finished = await updateSessionFrom(tx, session.id, finishableStatuses, {
      status: 'success',
      energyWh: end.energyWh,
      meterStopWh: end.meterStopWh,
      powerW: 0,
      costMinor: cost,
      loyaltyDiscountMinor: priced.discountMinor,
      loyaltyPoints: points,
      // A parked session keeps its charging end and gets the time the car left.
      stoppedAt: end.parkingEndedAt ?? end.chargingEndedAt,
      parkingStartedAt: isParked ? session.parkingStartedAt : null,
      stopReason: isParked ? session.stopReason : end.stopReason,
      stopRequestedAt: null,
      stopSuspectedAt: null,
      ...(end.energySource ? { energySource: end.energySource } : {}),
      ...(end.isClosedWithoutStop ? { closedWithoutStopAt: new Date() } : {}),
    });
    // Once: only the update that made it final gets here, so a repeated stop adds no points.
    if (finished?.loyaltyCardId && points) await addCardPoints(tx, finished.loyaltyCardId, points);
    if (finished && priced.fullMinor > 0) {
      await postTransaction(tx, {
        kind: 'charge_payment',
        reference: session.id,
        description: `Charging session ${session.transactionId}`,
        currency: session.currency,
        postings: costPostings(session, priced),
      });
      // The receipt's items are the breakdown this cost was priced from (SPEC §3 receipt).
      await issueSessionReceipt(tx, deps.brand, {
        sessionId: finished.id,
        userId: finished.userId,
        status: finished.status,
        costMinor: finished.costMinor,
        currency: finished.currency,
        paymentMethod: finished.paymentMethod,
        ...receiptCost(finished, priced),
        loyaltyDiscountMinor: priced.discountMinor,
      });
      // Another driver's session on a private station: the owner's share, in this transaction.
      await creditStationOwner(tx, deps.brand, finished, priced.fullMinor);
    }
    if (finished) {
      await insertChargeEventIn(tx, finished, 'finished', {
        reason: finished.serverStopReason ?? finished.stopReason ?? 'Local',
      });
    }
    return finished;
  });
  if (!done) return undefined;
  deps.chargeEvents.notify(done.userId);
  // Paid by card: the cost comes from the hold now (the sweep tries again if this fails).
  if (done.paymentMethod === 'card') {
    await captureSession(deps, done.id, done.costMinor).catch(() => undefined);
  }
  deps.metrics.chargeSessionsEnded.inc({ outcome: 'success' });
  if (done.costMinor > 0)
    deps.metrics.chargeRevenueMinor.inc({ currency: done.currency }, done.costMinor);
  // A close without the charge point's stop is news of its own: billed on the meter as it stood.
  if (end.isClosedWithoutStop) await tellSessionClosedNoStop(deps, done);
  else await tellSessionEnded(deps, done);
  return done;
}
