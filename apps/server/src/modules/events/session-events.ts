import type { chargingSessions } from '../../db/schema/charging';
import type { Deps } from '../../deps';
import type { TariffWithIdle } from '../stations';
import { stationOfConnector } from './repo';
import type { EventData } from './service';

// What the charging code tells the driver about a session (issue: push token and events). One
// event per session and type (dedupe key: the session id), so a repeated OCPP message or a
// second sweep does not tell twice. Never throws into the charging code.

export type SessionEventDeps = Pick<Deps, 'db' | 'userEvents'>;

type Session = Pick<
  typeof chargingSessions.$inferSelect,
  | 'id'
  | 'userId'
  | 'transactionId'
  | 'connectorId'
  | 'currency'
  | 'energyWh'
  | 'costMinor'
  | 'startedAt'
  | 'stoppedAt'
  | 'parkingStartedAt'
  | 'limitMode'
  | 'paymentMethod'
>;

async function tell(
  deps: SessionEventDeps,
  session: Session,
  type:
    | 'sessionEnded'
    | 'sessionClosedNoStop'
    | 'sessionAdjusted'
    | 'limitReached'
    | 'ghostStopped'
    | 'parkingStarted'
    | 'meterAnomaly'
    | 'sessionStartedLate',
  data: EventData,
): Promise<void> {
  // A roaming partner's driver hears from the partner (its session and CDR, OCPI 2.2.1 §9, §10).
  if (session.paymentMethod === 'partner') return;
  const station = await stationOfConnector(deps.db, session.connectorId).catch(() => undefined);
  await deps.userEvents.record({
    userId: session.userId,
    type,
    dedupeKey: session.id,
    data: {
      transactionId: session.transactionId,
      stationId: station?.id ?? null,
      stationName: station?.name ?? null,
      ...data,
    },
  });
}

/** What a final session's texts say: its energy, duration and cost. */
function finalFacts(session: Session): EventData {
  const chargingEnd = session.parkingStartedAt ?? session.stoppedAt;
  const durationSeconds =
    session.startedAt && chargingEnd
      ? Math.max(0, Math.round((chargingEnd.getTime() - session.startedAt.getTime()) / 1000))
      : 0;
  return {
    energyWh: session.energyWh,
    costMinor: session.costMinor,
    currency: session.currency,
    durationSeconds,
  };
}

/** The session is final and paid (finishSession): its energy, duration and cost. */
export function tellSessionEnded(deps: SessionEventDeps, session: Session): Promise<void> {
  return tell(deps, session, 'sessionEnded', finalFacts(session));
}

/**
 * The charge point stopped reporting the session and never sent StopTransaction, so the server
 * closed it on the meter's last sane reading and billed that: the same facts as sessionEnded.
 */
export function tellSessionClosedNoStop(deps: SessionEventDeps, session: Session): Promise<void> {
  return tell(deps, session, 'sessionClosedNoStop', finalFacts(session));
}

/**
 * The StopTransaction of a session the server had closed came in later and its meter reading
 * won (OCPP 1.6 §4.10 meterStop): `session` holds the corrected energy and cost, and
 * `differenceMinor` is the new cost less the old, charged (positive) or returned to the balance
 * (negative). A difference of nothing changes nothing for the driver and tells nothing.
 */
export function tellSessionAdjusted(
  deps: SessionEventDeps,
  session: Session,
  differenceMinor: number,
): Promise<void> {
  if (differenceMinor === 0) return Promise.resolve();
  return tell(deps, session, 'sessionAdjusted', {
    energyWh: session.energyWh,
    costMinor: session.costMinor,
    differenceMinor,
    currency: session.currency,
  });
}

/** The server stops the session: its limit is reached ('limit', 'full') or it is a ghost. */
export function tellServerStop(
  deps: SessionEventDeps,
  session: Session,
  reason: 'limit' | 'full' | 'ghost' | 'funds',
): Promise<void> {
  if (reason === 'ghost') return tell(deps, session, 'ghostStopped', {});
  return tell(deps, session, 'limitReached', { reason, limitMode: session.limitMode });
}

/**
 * The charge point's meter claimed more energy than its connector could deliver in the time
 * (meter-timeline.ts): the driver hears, once per session, that only what was plausible is
 * billed. `maxPowerW` is the connector's rating the bound was taken from.
 */
export function tellMeterAnomaly(
  deps: SessionEventDeps,
  session: Session,
  maxPowerW: number,
): Promise<void> {
  return tell(deps, session, 'meterAnomaly', { powerW: maxPowerW });
}

/**
 * A roaming partner began the session after the app had told the driver the start failed
 * (modules/sessions/roaming-adopt.ts): it is theirs now, live on the charging screen.
 */
export function tellSessionStartedLate(deps: SessionEventDeps, session: Session): Promise<void> {
  return tell(deps, session, 'sessionStartedLate', {});
}

/** The highest parking price of a tariff, its zones included: 0 when parking is free. */
function parkingPriceMinor(tariff: TariffWithIdle['tariff']): number {
  return Math.max(
    tariff.parkingPerMinuteMinor,
    ...tariff.zones.map((z) => z.parkingPerMinuteMinor),
  );
}

/**
 * Charging ended with the car still plugged in (SPEC §9): when parking costs money, the
 * driver hears when the fee starts and what it is. Free parking tells nothing.
 */
export function tellParkingStarted(
  deps: SessionEventDeps,
  session: Session,
  { tariff, freeIdleMinutes }: TariffWithIdle,
): Promise<void> {
  const priceMinor = parkingPriceMinor(tariff);
  if (priceMinor <= 0 || !session.parkingStartedAt) return Promise.resolve();
  const feeStartsAt = new Date(session.parkingStartedAt.getTime() + freeIdleMinutes * 60_000);
  return tell(deps, session, 'parkingStarted', {
    parkingPerMinuteMinor: tariff.parkingPerMinuteMinor || priceMinor,
    currency: tariff.currency,
    freeMinutes: freeIdleMinutes,
    feeStartsAt: feeStartsAt.toISOString(),
  });
}
