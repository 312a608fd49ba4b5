import type { OCPP16 } from 'typed-ocpp';
import type { ChargePointSender } from './charge-point-sender';
import { pricedCost, ocppSessionTariff } from './cost';
import {
  findVersionedSession,
  insertSamplesAt,
  type ReadingUpdate,
  type Sample,
  type VersionedSession,
} from './meter-repo';
import { readMeterValue } from './meter-reading';
import { recordRunningReadings } from './reading-batches';
import { recordMeterAnomaly } from './meter-anomaly';
import { isPlausible, largerAnomaly, sessionTime, type MeterAnomaly } from './meter-timeline';
import { runningStatuses, type PlacedSession } from './repo';
import type { ChargeDeps } from './start';
import { superviseSession } from './supervise';

const isRunning = (session: PlacedSession) =>
  (runningStatuses as readonly string[]).includes(session.status);

/** When energy stopped counting for a session that no longer runs (its stop, or our close). */
function chargingEndOf(session: PlacedSession): Date | undefined {
  if (isRunning(session)) return undefined;
  return session.parkingStartedAt ?? session.stoppedAt ?? session.startedAt ?? undefined;
}

// The sessions MeterValues last wrote, by station and transactionId, with their row version:
// a charging connector's next reading needs no read first. The writes name the version, so a
// session changed since (a status, a stop, another instance) is read again, never overwritten.
// The station's offset (time-of-day prices of the running cost) is read again after a while.
const SESSION_TTL_MS = 10 * 60_000;
const MAX_SESSIONS = 50_000;
const known = new Map<string, { session: VersionedSession; expiresAt: number }>();
/** Tries with a version before a write that takes the session as it then is. */
const VERSIONED_TRIES = 3;

const keyOf = (stationId: string, transactionId: number) => `${stationId}:${transactionId}`;

function remember(key: string, session: VersionedSession) {
  known.delete(key);
  if (known.size >= MAX_SESSIONS) known.delete(known.keys().next().value!);
  known.set(key, { session, expiresAt: Date.now() + SESSION_TTL_MS });
}

async function sessionOf(
  deps: ChargeDeps,
  stationId: string,
  transactionId: number,
  isFresh: boolean,
): Promise<VersionedSession | undefined> {
  const key = keyOf(stationId, transactionId);
  const cached = known.get(key);
  if (!isFresh && cached && cached.expiresAt > Date.now()) return cached.session;
  const session = await findVersionedSession(deps.db, stationId, transactionId);
  if (session) remember(key, session);
  else known.delete(key);
  return session;
}

type Reading = ReturnType<typeof readMeterValue>;

/** The readings' samples and, when the newest is sane, what the running session becomes. */
function placeReadings(session: VersionedSession, readings: readonly Reading[]) {
  const { meterStartWh, startedAt } = session as VersionedSession & {
    meterStartWh: number;
    startedAt: Date;
  };
  const endedAt = chargingEndOf(session);
  const scale = { meterStartWh, startedAt, maxPowerW: session.connectorPowerW };
  let { energyWh, lastEnergyAt, powerW, socPercent } = session;
  let lastReadingAt = session.lastReadingAt ?? startedAt;
  let newest: Reading | undefined;
  let anomaly: MeterAnomaly | undefined;
  const samples: Sample[] = readings.map((reading) => {
    const register = reading.registerWh;
    const isInside = reading.at >= startedAt && (!endedAt || reading.at <= endedAt);
    // Only a running session has a newest reading to compare with; a closed one's are history.
    const isNewest = !endedAt && reading.at >= lastReadingAt;
    const highest = meterStartWh + energyWh;
    // More than the connector could deliver by then: kept for the record, never billed.
    const isBeyond =
      isInside && register !== undefined && !isPlausible(scale, register, reading.at);
    if (isBeyond)
      anomaly = largerAnomaly(anomaly, { claimedWh: register - meterStartWh, at: reading.at });
    // A newer reading below the register is a reset (or a glitch): not a refund, not counted.
    const isCounted =
      isInside &&
      !isBeyond &&
      (register === undefined || register >= meterStartWh) &&
      (register === undefined || !isNewest || register >= highest);
    if (isCounted && isNewest) {
      if (register !== undefined && register > highest) {
        energyWh = register - meterStartWh;
        lastEnergyAt = reading.at;
      }
      lastReadingAt = reading.at;
      powerW = reading.powerW ?? powerW;
      socPercent = reading.socPercent ?? socPercent;
      newest = reading;
    }
    return {
      sessionId: session.id,
      at: reading.at,
      energyWh: register === undefined ? energyWh : Math.max(0, register - meterStartWh),
      registerWh: register ?? null,
      powerW: reading.powerW,
      socPercent: reading.socPercent,
      isCounted,
    };
  });
  // A late reading, or one of a session that no longer runs: the record only.
  const running =
    newest && !endedAt
      ? { newest, energyWh, powerW, socPercent, lastEnergyAt, lastReadingAt }
      : undefined;
  return { samples, running, anomaly };
}

/**
 * OCPP 1.6 §4.7: readings of a transaction join its timeline as the meter said them, at the
 * time it took them (meter-timeline.ts), whatever order they arrive in. A running session's
 * energy, power, SoC and cost so far follow the newest sane reading; a late one fills in the
 * past; one that falls below the register (a reset), claims more than the connector could
 * deliver since the start (a meter anomaly, meter-anomaly.ts) or is timestamped after the
 * transaction's stop is kept for the record and never billed. Readings outside a transaction, or of one we
 * do not know, are answered and dropped.
 *
 * One statement per MeterValues of a charging session (meter-repo.ts `recordReadings`), shared
 * with other sessions' readings when the database is busy (reading-batches.ts): the session as
 * this instance last wrote it is decided on, and the write holds only while the row is still
 * at that version; otherwise it is read again and decided anew.
 */
export async function recordMeterValues(
  deps: ChargeDeps,
  from: ChargePointSender,
  { transactionId, meterValue }: OCPP16.MeterValuesRequest,
): Promise<void> {
  if (transactionId === undefined || transactionId <= 0) return;
  const receivedAt = new Date();
  for (let tries = 0; ; tries++) {
    const session = await sessionOf(deps, from.stationId, transactionId, tries > 0);
    if (!session || session.meterStartWh === null || !session.startedAt) return;
    const readings = meterValue
      .map(readMeterValue)
      .map((reading) => ({
        ...reading,
        at: sessionTime(reading.at, session.clockOffsetMs, receivedAt),
      }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    if (readings.length === 0) return;
    // After a few changed rows in a row, the session is taken as it is when written.
    const version = tries < VERSIONED_TRIES ? session.version : undefined;
    const { samples, running, anomaly } = placeReadings(session, readings);
    if (!running) {
      if (await insertSamplesAt(deps.db, session.id, version, samples)) {
        if (anomaly) await recordMeterAnomaly(deps, session, anomaly, from.log);
        return;
      }
      continue;
    }

    const tariff = await ocppSessionTariff(deps.db, session);
    // Energy spread evenly since the start: exact without zones, close with them; the final
    // cost (finishSession) uses every counted reading.
    const cost = pricedCost(tariff, session, {
      chargingEndedAt: running.lastReadingAt,
      energyWh: running.energyWh,
    });
    const set: ReadingUpdate = {
      energyWh: running.energyWh,
      powerW: running.powerW,
      socPercent: running.socPercent,
      costMinor: cost.costMinor,
      loyaltyDiscountMinor: cost.discountMinor,
      lastEnergyAt: running.lastEnergyAt,
      lastReadingAt: running.lastReadingAt,
      updatedAt: new Date(),
    };
    // Paid from the balance: its cap is read with the write (supervise.ts).
    const isCapped = session.paymentMethod === 'balance' && session.fundsCapMinor !== null;
    const written = await recordRunningReadings(deps.db, {
      sessionId: session.id,
      version,
      samples,
      set,
      event: {
        userId: session.userId,
        payload: {
          transactionId: session.transactionId,
          sample: {
            at: running.newest.at.toISOString(),
            energyWh: running.energyWh,
            powerW: running.powerW ?? null,
            socPercent: running.socPercent ?? null,
          },
        },
      },
      balanceCap: isCapped ? { currency: session.currency } : undefined,
    });
    if (!written) {
      // Changed since it was read (or, taken as it is, no longer running).
      if (version === undefined) return;
      continue;
    }
    const updated = { ...session, ...set, version: written.version };
    remember(keyOf(from.stationId, transactionId), updated);
    deps.chargeEvents.notify(session.userId);
    if (anomaly) await recordMeterAnomaly(deps, session, anomaly, from.log);
    // Limits by the session's timeline: the readings' time is when energy was measured.
    await superviseSession(deps, updated, running.lastReadingAt, from.log, written.balanceCapMinor);
    return;
  }
}
