import { paidMinor, type Exchange } from '@evcharge/domain/exchange';
import { loyaltyDiscountMinor } from '@evcharge/domain/loyalty';
import { sessionCost, type MeterReading, type SessionCost } from '@evcharge/domain/tariff';
import type { Db } from '../../db/client';
import type { SessionLoyalty } from '../../db/schema/charging';
import { loadTariffs, type TariffWithIdle } from '../stations';
import type { PlacedSession, SessionRow } from './repo';

// A session's cost from the tariff math in domain (SPEC §3, §9).

// Tariffs change rarely and MeterValues come every few seconds per connector: keep them a
// minute rather than reading two tables per message.
const TARIFF_TTL_MS = 60_000;
const tariffCache = new Map<string, { value: TariffWithIdle; expiresAt: number }>();

/** Read outside a transaction: on PGlite a query on `db` inside one waits forever. */
export async function tariffOf(db: Db, tariffId: string): Promise<TariffWithIdle> {
  const cached = tariffCache.get(tariffId);
  if (cached && cached.expiresAt > Date.now()) return cached.value;
  const value = (await loadTariffs(db, [tariffId])).get(tariffId);
  if (!value) throw new Error(`tariff ${tariffId} not found`);
  tariffCache.set(tariffId, { value, expiresAt: Date.now() + TARIFF_TTL_MS });
  return value;
}

/**
 * The tariff of a session at one of our charge points (OCPP): it always has one; only a
 * roaming session, which no charge point of ours reports on, has none.
 */
export async function ocppSessionTariff(
  db: Db,
  session: { id: string; tariffId: string | null },
): Promise<TariffWithIdle> {
  if (!session.tariffId) throw new Error(`session ${session.id} has no tariff of ours`);
  return tariffOf(db, session.tariffId);
}

export type CostFacts = {
  /** When charging ended (StopTransaction), or the latest reading while it runs. */
  chargingEndedAt: Date;
  energyWh: number;
  /** Readings between start and end, energy counted from the session's start. */
  readings?: readonly MeterReading[];
  /** Set for a session that parked: the car left at endedAt. */
  parkingEndedAt?: Date;
};

/**
 * Meter readings fit for the tariff math: inside the session, in time order, never falling
 * (a charge point's clock or meter may misbehave; the bill must still add up).
 */
function cleanReadings(startedAt: Date, endedAt: Date, facts: CostFacts): MeterReading[] {
  const inside = (facts.readings ?? [])
    .filter((r) => r.at > startedAt && r.at < endedAt)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  let highest = 0;
  const readings: MeterReading[] = [{ at: startedAt, energyWh: 0 }];
  for (const reading of inside) {
    highest = Math.min(Math.max(highest, reading.energyWh), facts.energyWh);
    readings.push({ at: reading.at, energyWh: highest });
  }
  readings.push({ at: endedAt, energyWh: facts.energyWh });
  return readings;
}

/**
 * What the driver pays in minor units (after the loyalty discount); without `readings` the
 * energy is spread evenly since the start.
 */
export function costMinor(
  tariff: TariffWithIdle,
  session: PricedSession,
  facts: CostFacts,
): number {
  return pricedCost(tariff, session, facts).costMinor;
}

/** SPEC §7 Loyalty: the discount a session's card gives, off the energy part of its cost only. */
export function loyaltyDiscountOf(
  cost: Pick<SessionCost, 'items'>,
  loyalty: Pick<SessionLoyalty, 'benefit'> | null,
): number {
  if (!loyalty) return 0;
  const energyMinor = cost.items
    .filter((item) => item.kind === 'energy')
    .reduce((sum, item) => sum + item.amountMinor, 0);
  return loyaltyDiscountMinor(energyMinor, loyalty.benefit);
}

/**
 * A session's cost at the tariff (`fullMinor`, the revenue) and what its payer owes
 * (`costMinor`, charging_sessions.cost_minor): the full cost less the loyalty discount.
 */
export type PricedCost = {
  /** The tariff's items, in the tariff's currency. */
  breakdown: SessionCost;
  fullMinor: number;
  discountMinor: number;
  costMinor: number;
  /** What the payer owes in the tariff's currency: costMinor before any exchange. */
  priceCostMinor: number;
};

/**
 * The exchange a session's cost is paid at (payment-rule.ts): from its tariff's currency into
 * the wallet's, its own `currency`, at the rate taken at the start; null when priced in it.
 */
export function sessionExchange(
  session: Pick<SessionRow, 'currency' | 'priceCurrency' | 'exchangeRate'>,
): Exchange | null {
  return session.priceCurrency && session.exchangeRate
    ? { from: session.priceCurrency, to: session.currency, rate: session.exchangeRate }
    : null;
}

/**
 * The cost after the loyalty discount, and in the wallet's currency at the session's exchange:
 * what the payer owes is converted once (domain/exchange.ts, roaming's rule), so the driver
 * pays exactly the price at the rate; the full cost likewise, the discount is what is between.
 */
export function withLoyalty(
  breakdown: SessionCost,
  loyalty: Pick<SessionLoyalty, 'benefit'> | null,
  exchange: Exchange | null = null,
): PricedCost {
  const priceFullMinor = breakdown.totalMinor;
  const priceDiscountMinor = Math.min(priceFullMinor, loyaltyDiscountOf(breakdown, loyalty));
  const priceCostMinor = priceFullMinor - priceDiscountMinor;
  const fullMinor = paidMinor(priceFullMinor, exchange);
  const costMinor = paidMinor(priceCostMinor, exchange);
  return { breakdown, fullMinor, discountMinor: fullMinor - costMinor, costMinor, priceCostMinor };
}

export function pricedCost(
  tariff: TariffWithIdle,
  session: PricedSession,
  facts: CostFacts,
): PricedCost {
  return withLoyalty(
    costBreakdown(tariff, session, facts),
    session.loyalty,
    sessionExchange(session),
  );
}

/** What the tariff math needs of a session. */
export type SessionTimes = Pick<
  PlacedSession,
  'startedAt' | 'createdAt' | 'utcOffsetMinutes' | 'parkingFeeCapMinor'
>;

/**
 * A session as it is priced: its times, the loyalty programme it runs with, and the exchange
 * its cost is paid at.
 */
export type PricedSession = SessionTimes &
  Pick<PlacedSession, 'loyalty' | 'currency' | 'priceCurrency' | 'exchangeRate'>;

/** The cost with its items (energy, time, parking, fees). */
export function costBreakdown(
  tariff: TariffWithIdle,
  session: SessionTimes,
  facts: CostFacts,
): SessionCost {
  const startedAt = session.startedAt ?? session.createdAt;
  const chargingEnd = new Date(Math.max(startedAt.getTime(), facts.chargingEndedAt.getTime()));
  const parkingEnd =
    facts.parkingEndedAt &&
    new Date(Math.max(chargingEnd.getTime(), facts.parkingEndedAt.getTime()));
  return sessionCost(tariff.tariff, {
    startedAt,
    endedAt: parkingEnd ?? chargingEnd,
    meterReadings: cleanReadings(startedAt, chargingEnd, facts),
    parkingStartedAt: parkingEnd ? chargingEnd : undefined,
    parkingEndedAt: parkingEnd,
    freeIdleMinutes: tariff.freeIdleMinutes,
    parkingFeeCapMinor: session.parkingFeeCapMinor ?? undefined,
    utcOffsetMinutes: session.utcOffsetMinutes,
  });
}
