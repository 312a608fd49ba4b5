import { sessionCost, type MeterReading, type SessionCost } from '@evcharge/domain/tariff';
import type { Db } from '../../db/client';
import { loadTariffs, type TariffWithIdle } from '../stations';
import type { PlacedSession } from './repo';

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

/** The cost in minor units; without `readings` the energy is spread evenly since the start. */
export function costMinor(tariff: TariffWithIdle, session: SessionTimes, facts: CostFacts): number {
  return costBreakdown(tariff, session, facts).totalMinor;
}

/** What the tariff math needs of a session. */
export type SessionTimes = Pick<
  PlacedSession,
  'startedAt' | 'createdAt' | 'utcOffsetMinutes'
>;

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
    utcOffsetMinutes: session.utcOffsetMinutes,
  });
}
