import { isCurrency, type Currency } from '@evcharge/domain/currency';
import { roamingPrice } from '@evcharge/domain/roaming-price';
import type { CostItem, SessionCost } from '@evcharge/domain/tariff';
import { tellSessionEnded } from '../events';
import { postTransaction } from '../ledger';
import { captureSession } from '../payments';
import { issueSessionReceipt } from '../receipts';
import { insertChargeEventIn } from './events';
import { costPostings } from './finish';
import { runningStatuses, updateSessionFrom, type SessionRow } from './repo';
import { findRoamingSession } from './roaming-repo';
import type { ChargeDeps } from './start';

// The money of a roaming session (SPEC §1 roaming, OCPI 2.2.1 §10): the partner's price with
// our markup at the rate taken at the start, and the bill from its CDR, once, through the
// ledger with a receipt of the partner's items and our fee (roaming.ts runs the session).

/** A partner's price in its currency's minor units (OCPI prices are decimals, §16.4). */
export const partnerMinorOf = (price: { excl_vat: number; incl_vat?: number } | undefined) =>
  price ? Math.round((price.incl_vat ?? price.excl_vat) * 100) : 0;

/** What the driver pays for the partner's `partnerMinor`: with our markup, at the session's rate. */
export function driverMinorOf(
  session: Pick<SessionRow, 'roamingMarkupPercent' | 'roamingRate'>,
  partnerMinor: number,
  withMarkup = true,
): number {
  return roamingPrice(partnerMinor, {
    markupPercent: withMarkup ? (session.roamingMarkupPercent ?? 0) : 0,
    rate: session.roamingRate ?? '0',
  }).driverMinor;
}

export type RoamingCdr = {
  id: string;
  sessionId: string | undefined;
  authorizationReference: string | undefined;
  startedAt: Date;
  endedAt: Date;
  totalEnergyKwh: number;
  totalTimeHours: number;
  totalParkingHours: number;
  totalCost: { excl_vat: number; incl_vat?: number };
  energyCost?: { excl_vat: number; incl_vat?: number };
  timeCost?: { excl_vat: number; incl_vat?: number };
  parkingCost?: { excl_vat: number; incl_vat?: number };
  fixedCost?: { excl_vat: number; incl_vat?: number };
  /** The partner's price of the reservation the session used (paid as the reservation). */
  reservationCost?: { excl_vat: number; incl_vat?: number };
};

/**
 * The partner's CDR (§10.2.2 POST): the session's final cost. Billed once, whatever came
 * before it (an ACTIVE push, COMPLETED, nothing) and however often it comes again.
 */
export async function billRoamingCdr(
  deps: ChargeDeps,
  partnerId: string,
  cdr: RoamingCdr,
): Promise<'billed' | 'unchanged' | 'unknown'> {
  const session = await findRoamingSession(deps.db, partnerId, {
    ocpiSessionId: cdr.sessionId,
    reference: cdr.authorizationReference,
  });
  if (!session) return 'unknown';
  if (session.ocpiCdrId) return 'unchanged';
  const items = cdrItems(session, cdr);
  const done = await finishRoaming(deps, session, {
    // A reservation is paid as a reservation (reservations module), not again in the session.
    partnerMinor: Math.max(0, partnerMinorOf(cdr.totalCost) - partnerMinorOf(cdr.reservationCost)),
    energyWh: Math.round(cdr.totalEnergyKwh * 1000),
    startedAt: cdr.startedAt,
    endedAt: cdr.endedAt,
    cdrId: cdr.id,
    items,
  });
  return done ? 'billed' : 'unchanged';
}

/** The partner's items of the CDR in the wallet's currency (without our fee), for the receipt. */
function cdrItems(session: SessionRow, cdr: RoamingCdr): CostItem[] {
  const item = (
    kind: CostItem['kind'],
    price: RoamingCdr['energyCost'],
    quantity: number,
    unit: CostItem['unit'],
  ): CostItem[] => {
    const amountMinor = driverMinorOf(session, partnerMinorOf(price), false);
    if (amountMinor <= 0) return [];
    const per = unit === 'Wh' ? 1000 : unit === 'second' ? 60 : 1;
    const unitPriceMinor = quantity > 0 ? Math.round((amountMinor * per) / quantity) : amountMinor;
    return [{ kind, zone: null, quantity, unit, unitPriceMinor, amountMinor }];
  };
  return [
    ...item('startFee', cdr.fixedCost, 1, 'session'),
    ...item('energy', cdr.energyCost, Math.round(cdr.totalEnergyKwh * 1000), 'Wh'),
    ...item('time', cdr.timeCost, Math.round(cdr.totalTimeHours * 3600), 'second'),
    ...item('parking', cdr.parkingCost, Math.round(cdr.totalParkingHours * 3600), 'second'),
  ];
}

/**
 * Ends a roaming session for good, in one transaction: its cost leaves the payer's wallet
 * for revenue (as finish.ts does for ours), the receipt lists the partner's items and our
 * roaming fee. Undefined when it had ended already.
 */
export async function finishRoaming(
  deps: ChargeDeps,
  session: SessionRow,
  end: {
    partnerMinor: number;
    energyWh: number;
    startedAt?: Date;
    endedAt: Date;
    cdrId: string | null;
    items: CostItem[] | undefined;
  },
): Promise<SessionRow | undefined> {
  const costMinor = driverMinorOf(session, end.partnerMinor);
  const feeMinor = costMinor - driverMinorOf(session, end.partnerMinor, false);
  const done = await deps.db.transaction(async (tx) => {
    const finished = await updateSessionFrom(tx, session.id, [...runningStatuses, 'preparing', 'cancelled'], {
      status: 'success',
      energyWh: end.energyWh,
      costMinor,
      partnerCostInclVat: end.partnerMinor / 100,
      powerW: 0,
      startedAt: session.startedAt ?? end.startedAt ?? end.endedAt,
      stoppedAt: end.endedAt,
      stopRequestedAt: null,
      startDeadlineAt: null,
      ocpiCdrId: end.cdrId,
    });
    if (!finished) return undefined;
    if (costMinor > 0) {
      await postTransaction(tx, {
        kind: 'charge_payment',
        reference: session.id,
        description: `Roaming session ${session.transactionId}`,
        currency: session.currency,
        postings: costPostings(session, { fullMinor: costMinor, discountMinor: 0, costMinor }),
      });
      const cost: SessionCost | undefined = end.items && {
        currency: session.currency as Currency,
        items: end.items,
        totalMinor: costMinor - feeMinor,
        energyWh: end.energyWh,
        chargingSeconds: 0,
        parkingSeconds: 0,
      };
      await issueSessionReceipt(tx, deps.brand, {
        sessionId: finished.id,
        userId: finished.userId,
        status: finished.status,
        costMinor,
        currency: finished.currency,
        paymentMethod: finished.paymentMethod,
        cost,
        roamingFeeMinor: feeMinor,
      });
    }
    await insertChargeEventIn(tx, finished, 'finished', { reason: finished.stopReason ?? 'Remote' });
    return finished;
  });
  if (!done) return undefined;
  deps.chargeEvents.notify(done.userId);
  if (done.paymentMethod === 'card')
    await captureSession(deps, done.id, done.costMinor).catch(() => undefined);
  deps.metrics.chargeSessionsEnded.inc({ outcome: 'success' });
  if (done.costMinor > 0 && isCurrency(done.currency))
    deps.metrics.chargeRevenueMinor.inc({ currency: done.currency }, done.costMinor);
  await tellSessionEnded(deps, done);
  return done;
}

