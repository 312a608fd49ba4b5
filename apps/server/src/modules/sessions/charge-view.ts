import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import type { SessionCost } from '@evcharge/domain/tariff';
import type { Db } from '../../db/client';
import type { ChargeRow } from './charge-row-repo';
import { paidMinor } from '@evcharge/domain/exchange';
import {
  costBreakdown,
  sessionExchange,
  tariffOf,
  withLoyalty,
  type CostFacts,
  type PricedCost,
} from './cost';
import type { SessionRow } from './repo';
import { remainingMinutes } from './remaining';

// A session as the charging screens see it (SPEC §3 Charge/session), with live figures for
// one that is still open: duration and parking so far, the parking fee so far.

const seconds = (from: Date, to: Date) =>
  Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/** When energy stopped flowing: a parked session keeps it in parkingStartedAt. */
export function chargingEndOf(session: SessionRow): Date | null {
  if (session.parkingStartedAt) return session.parkingStartedAt;
  return session.status === 'success' || session.status === 'cancelled' ? session.stoppedAt : null;
}

/** The facts the tariff math needs for a session as it stands at `now`. */
export function costFactsAt(session: SessionRow, now: Date): CostFacts {
  const chargingEnd = chargingEndOf(session) ?? now;
  const isParking = session.parkingStartedAt !== null;
  return {
    chargingEndedAt: chargingEnd,
    energyWh: session.energyWh,
    ...(isParking ? { parkingEndedAt: session.stoppedAt ?? now } : {}),
  };
}

export async function chargeCost(
  db: Db,
  row: ChargeRow,
  now: Date,
  readings?: CostFacts['readings'],
): Promise<{
  tariff: Awaited<ReturnType<typeof tariffOf>> | null;
  cost: SessionCost;
  priced: PricedCost;
}> {
  if (!row.session.tariffId) {
    // A roaming session: its partner prices it (its pushes and CDR set costMinor, roaming).
    const cost: SessionCost = {
      currency: row.session.currency,
      items: [],
      totalMinor: row.session.costMinor,
      energyWh: row.session.energyWh,
      chargingSeconds: 0,
      parkingSeconds: 0,
    };
    return { tariff: null, cost, priced: withLoyalty(cost, null) };
  }
  const tariff = await tariffOf(db, row.session.tariffId);
  const session = { ...row.session, utcOffsetMinutes: row.station.utcOffsetMinutes };
  const facts = costFactsAt(row.session, now);
  const cost = costBreakdown(tariff, session, { ...facts, readings });
  return {
    tariff,
    cost,
    priced: withLoyalty(cost, row.session.loyalty, sessionExchange(row.session)),
  };
}

/** SPEC §7 Loyalty: what the session's card did, as its snapshot and its figures say. */
export function chargeLoyaltyOf(
  session: Pick<SessionRow, 'loyalty' | 'loyaltyPoints'>,
  discountMinor: number,
): Charge['loyalty'] {
  if (!session.loyalty) return null;
  return {
    cardId: session.loyalty.cardId,
    companyName: session.loyalty.companyName,
    benefit: session.loyalty.benefit,
    discountMinor,
    points: session.loyaltyPoints,
  };
}

/** The session for the API at `now`. */
export async function toCharge(db: Db, row: ChargeRow, now = new Date()): Promise<Charge> {
  const { session } = row;
  const { tariff, cost, priced } = await chargeCost(db, row, now);
  const isParking = session.status === 'parking';
  const isOpen = session.status !== 'success' && session.status !== 'cancelled';
  const startedAt = session.startedAt;
  const chargingEnd = chargingEndOf(session);
  // The tariff's prices in the currency the session is paid in (payment-rule.ts).
  const exchange = sessionExchange(session);
  const parkingCost = cost.items
    .filter((item) => item.kind === 'parking')
    .reduce((sum, item) => sum + item.amountMinor, 0);
  const durationSeconds = startedAt ? seconds(startedAt, chargingEnd ?? now) : 0;
  // A finished session's cost is the one the ledger took; an open one's is the live figure.
  const costMinor = isParking ? priced.costMinor : session.costMinor;
  return {
    transactionId: session.transactionId,
    status: session.status,
    station: row.station,
    connector: row.connector,
    limit: { mode: session.limitMode, value: session.limitValue },
    profile: session.profile,
    carId: session.carId,
    energyWh: session.energyWh,
    powerW: isOpen && session.status !== 'parking' ? session.powerW : null,
    socPercent: session.socPercent,
    costMinor,
    currency: session.currency,
    createdAt: session.createdAt.toISOString(),
    startedAt: startedAt?.toISOString() ?? null,
    chargingEndedAt: chargingEnd?.toISOString() ?? null,
    stoppedAt: session.stoppedAt?.toISOString() ?? null,
    parkingStartedAt: session.parkingStartedAt?.toISOString() ?? null,
    durationSeconds,
    parkingSeconds: session.parkingStartedAt
      ? seconds(session.parkingStartedAt, session.stoppedAt ?? now)
      : 0,
    remainingMinutes: isOpen
      ? remainingMinutes(session, {
          elapsedSeconds: durationSeconds,
          batteryKwh: row.car?.batteryKwh ?? null,
        })
      : null,
    freeIdleMinutes: tariff?.freeIdleMinutes ?? 0,
    parkingPerMinuteMinor: paidMinor(tariff?.tariff.parkingPerMinuteMinor ?? 0, exchange),
    parkingCostMinor: paidMinor(parkingCost, exchange),
    parkingFeeCapMinor:
      session.parkingFeeCapMinor === null ? null : paidMinor(session.parkingFeeCapMinor, exchange),
    stopReason: session.serverStopReason ?? session.stopReason,
    meterNote: session.meterAnomalyAt
      ? 'implausible'
      : session.reconciledAt
        ? 'reconciled'
        : session.energySource === 'last_reading'
          ? 'lastReading'
          : null,
    isUserClosed: session.isUserClosed,
    loyalty: chargeLoyaltyOf(
      session,
      isParking ? priced.discountMinor : session.loyaltyDiscountMinor,
    ),
  };
}

export async function toCharges(db: Db, rows: readonly ChargeRow[], now = new Date()) {
  return Promise.all(rows.map((row) => toCharge(db, row, now)));
}
