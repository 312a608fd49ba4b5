import type { FastifyBaseLogger } from 'fastify';
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
import { connectorPowerW, findRoamingSession } from './roaming-repo';
import { recordMeterAnomaly } from './meter-anomaly';
import { maxEnergyWh } from './meter-timeline';
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
 * before it (an ACTIVE push, COMPLETED, nothing) and however often it comes again, and never
 * for more energy than the connector could deliver in the time (plausibleCdr).
 */
export async function billRoamingCdr(
  deps: ChargeDeps,
  partnerId: string,
  cdr: RoamingCdr,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<'billed' | 'unchanged' | 'unknown'> {
  const session = await findRoamingSession(deps.db, partnerId, {
    ocpiSessionId: cdr.sessionId,
    reference: cdr.authorizationReference,
  });
  if (!session) return 'unknown';
  if (session.ocpiCdrId) return 'unchanged';
  if (session.status === 'cancelled') {
    // A session the driver was told had failed and never saw run (roaming-adopt.ts): its CDR is
    // kept for the record and not billed.
    await updateSessionFrom(deps.db, session.id, ['cancelled'], { ocpiCdrId: cdr.id });
    log?.warn(
      { sessionId: session.id, cdrId: cdr.id, totalCost: cdr.totalCost },
      'roaming partner sent a CDR for a session the driver never saw run: kept, not billed',
    );
    return 'unchanged';
  }
  const maxPowerW = await connectorPowerW(deps.db, session.connectorId);
  const { billed, claimedWh } = plausibleCdr(cdr, maxPowerW);
  const items = cdrItems(session, billed);
  const done = await finishRoaming(deps, session, {
    // A reservation is paid as a reservation (reservations module), not again in the session.
    partnerMinor: Math.max(
      0,
      partnerMinorOf(billed.totalCost) - partnerMinorOf(billed.reservationCost),
    ),
    energyWh: Math.round(billed.totalEnergyKwh * 1000),
    startedAt: cdr.startedAt,
    endedAt: cdr.endedAt,
    cdrId: cdr.id,
    items,
  });
  if (done && claimedWh !== undefined && maxPowerW !== undefined) {
    await recordMeterAnomaly(
      deps,
      { ...done, connectorPowerW: maxPowerW },
      { claimedWh, at: cdr.endedAt },
      log ?? { warn: () => undefined },
    );
  }
  return done ? 'billed' : 'unchanged';
}

type Price = RoamingCdr['totalCost'];
const scaled = (price: Price, factor: number): Price => ({
  excl_vat: price.excl_vat * factor,
  ...(price.incl_vat === undefined ? {} : { incl_vat: price.incl_vat * factor }),
});
const less = (price: Price, minus: Price): Price => ({
  excl_vat: Math.max(0, price.excl_vat - minus.excl_vat),
  ...(price.incl_vat === undefined
    ? {}
    : { incl_vat: Math.max(0, price.incl_vat - (minus.incl_vat ?? minus.excl_vat)) }),
});

/**
 * A partner's CDR held to physics (meter-timeline.ts maxEnergyWh): its energy is believed up to
 * what the connector's rated power (as the partner's location says it) delivers between the
 * CDR's start and end. Beyond it the energy is billed at the
 * bound and the energy's price in proportion (the whole price when the CDR does not say which
 * part is energy): the driver pays for what the connector could deliver, and the partner's
 * claim stays in the CDR for the record. `claimedWh` is set when the CDR claimed more.
 */
export function plausibleCdr(
  cdr: RoamingCdr,
  maxPowerW: number | undefined,
): { billed: RoamingCdr; claimedWh?: number } {
  const claimedWh = Math.round(cdr.totalEnergyKwh * 1000);
  if (maxPowerW === undefined || !(maxPowerW > 0)) return { billed: cdr };
  const boundWh = maxEnergyWh(maxPowerW, cdr.startedAt, cdr.endedAt);
  if (Number.isFinite(claimedWh) && claimedWh <= boundWh) return { billed: cdr };
  const factor = Number.isFinite(claimedWh) && claimedWh > 0 ? boundWh / claimedWh : 0;
  const energyCost = cdr.energyCost && scaled(cdr.energyCost, factor);
  const totalCost = cdr.energyCost
    ? less(cdr.totalCost, less(cdr.energyCost, energyCost!))
    : scaled(cdr.totalCost, factor);
  return {
    billed: { ...cdr, totalEnergyKwh: boundWh / 1000, totalCost, energyCost },
    claimedWh: Number.isFinite(claimedWh) ? claimedWh : Number.MAX_SAFE_INTEGER,
  };
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
    const finished = await updateSessionFrom(
      tx,
      session.id,
      [...runningStatuses, 'preparing'],
      {
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
      },
    );
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
    await insertChargeEventIn(tx, finished, 'finished', {
      reason: finished.stopReason ?? 'Remote',
    });
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
