// The meter is the truth (OCPP 1.6 §4.7, §4.8, §4.10): what a session delivered is read from the
// charge point's meter on its own timeline, whatever order its messages reach us in. Messages
// queued while a charge point was offline arrive late, twice or out of order; a meter may reset;
// a clock may be wrong. These rules decide, from the stored readings, what counts.

/** A charge point's clock may run ahead of ours by this much (latency, drift) and still be sane. */
export const CLOCK_AHEAD_TOLERANCE_MS = 5 * 60_000;
/**
 * A charge point keeps transaction messages while offline (OCPP 1.6 §4.7); one older than this
 * when it reaches us says more about the clock than about the queue.
 */
export const MAX_QUEUED_AGE_MS = 7 * 24 * 60 * 60_000;
/** A clock that far ahead of ours is wrong, not early. */
export const MAX_CLOCK_AHEAD_MS = 12 * 60 * 60_000;

/**
 * Where a session's clock stands against ours, decided once at its start: 0 when the charge
 * point's StartTransaction timestamp is plausible, else what turns its clock into ours (the
 * start is then taken as when it reached us).
 */
export function startClockOffsetMs(
  chargePointStart: Date,
  receivedAt: Date,
  /** The session existed from then (a start from the app): a start before it is a wrong clock. */
  notBefore?: Date,
): number {
  const start = chargePointStart.getTime();
  const received = receivedAt.getTime();
  const isPlausible =
    Number.isFinite(start) &&
    start <= received + MAX_CLOCK_AHEAD_MS &&
    start >= received - MAX_QUEUED_AGE_MS &&
    (notBefore === undefined || start >= notBefore.getTime() - CLOCK_AHEAD_TOLERANCE_MS);
  return isPlausible ? 0 : received - (Number.isFinite(start) ? start : received);
}

/**
 * A charge point's timestamp on the session's timeline (its clock corrected by the session's
 * offset), never later than a little after it reached us: a reading cannot come from the future.
 */
export function sessionTime(chargePointAt: Date, offsetMs: number, receivedAt: Date): Date {
  const at = chargePointAt.getTime();
  if (!Number.isFinite(at)) return receivedAt;
  const corrected = at + offsetMs;
  // With an offset the clock was found wrong: then its times are no better than ours.
  const latest =
    receivedAt.getTime() + (offsetMs === 0 ? MAX_CLOCK_AHEAD_MS : CLOCK_AHEAD_TOLERANCE_MS);
  return new Date(Math.min(corrected, latest));
}

/**
 * What a connector can deliver beyond its rating and still be believed: 10 % more power (a
 * charger's rating is nominal, a meter of accuracy class 2 reads up to 2 % high, a phase's
 * voltage runs above 230 V) and 30 s more time (timestamps are taken in whole seconds, the
 * start's and a reading's by different parts of the charge point).
 */
export const METER_POWER_TOLERANCE = 0.1;
export const METER_TIME_TOLERANCE_MS = 30_000;

/**
 * The most energy (Wh) a connector of `maxPowerW` can deliver between two instants of a
 * session's timeline, with the tolerances above. No meter is believed beyond it (physics: energy
 * is power × time); a reading past it is kept for the record and never billed.
 */
export function maxEnergyWh(maxPowerW: number, from: Date, to: Date): number {
  const ms = Math.max(0, to.getTime() - from.getTime()) + METER_TIME_TOLERANCE_MS;
  return Math.floor((maxPowerW * (1 + METER_POWER_TOLERANCE) * ms) / 3_600_000);
}

export type TimelineReading = {
  at: Date;
  /** The energy register as the meter said it (Wh); null when the reading had none. */
  registerWh: number | null;
};

export type EnergySource = 'meter_stop' | 'last_reading';

/** The meter claimed more than the connector could deliver: the most it claimed, and when. */
export type MeterAnomaly = { claimedWh: number; at: Date };

export type MeterEnergy = {
  energyWh: number;
  source: EnergySource;
  /** The reading the energy comes from (the stop's, or the last sane one's). */
  at: Date;
  /** Set when a reading or the stop claimed more than physics allows (none of it is billed). */
  anomaly?: MeterAnomaly;
};

/** A session's meter facts: where it started, and the power its connector can deliver. */
export type MeterScale = {
  meterStartWh: number;
  startedAt: Date;
  /** The connector's rated power (W): the bound of what the meter is believed (maxEnergyWh). */
  maxPowerW: number;
};

/** Whether a register (Wh) at `at` is within what the connector could deliver since the start. */
export function isPlausible(scale: MeterScale, registerWh: number, at: Date): boolean {
  return (
    Number.isFinite(registerWh) &&
    registerWh - scale.meterStartWh <= maxEnergyWh(scale.maxPowerW, scale.startedAt, at)
  );
}

/** The larger of two anomalies (by the energy claimed), either may be missing. */
export function largerAnomaly(
  a: MeterAnomaly | undefined,
  b: MeterAnomaly | undefined,
): MeterAnomaly | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.claimedWh > a.claimedWh ? b : a;
}

/**
 * The readings that count, in time order: inside the session (from its start, up to its stop
 * when known), with a register never below the start's nor below the reading before it, and
 * never beyond what the connector could deliver by then (maxEnergyWh). A fall is a meter reset:
 * nothing after it is on the same scale, so nothing after it counts. A reading beyond physics
 * is skipped (the readings after it are judged against the last plausible one) and reported
 * as the anomaly.
 */
export function saneReadings<R extends TimelineReading>(
  readings: readonly R[],
  scale: MeterScale,
  stoppedAt?: Date,
): { sane: (R & { registerWh: number })[]; anomaly?: MeterAnomaly } {
  const { meterStartWh, startedAt } = scale;
  const ordered = [...readings].sort((a, b) => a.at.getTime() - b.at.getTime());
  const sane: (R & { registerWh: number })[] = [];
  let anomaly: MeterAnomaly | undefined;
  let highest = meterStartWh;
  for (const reading of ordered) {
    if (reading.registerWh === null) continue;
    if (reading.at < startedAt) continue;
    if (stoppedAt && reading.at > stoppedAt) break;
    if (!isPlausible(scale, reading.registerWh, reading.at)) {
      const claimed = { claimedWh: reading.registerWh - meterStartWh, at: reading.at };
      anomaly = largerAnomaly(anomaly, claimed);
      continue;
    }
    if (reading.registerWh < highest) break;
    highest = reading.registerWh;
    sane.push(reading as R & { registerWh: number });
  }
  return { sane, anomaly };
}

/**
 * Which stored readings count (are billed and charted): the sane ones, and those without a
 * register (power, SoC) inside the session. The rest are kept for the record.
 */
export function countedReadings<R extends TimelineReading>(
  readings: readonly R[],
  scale: MeterScale,
  stoppedAt?: Date,
): Set<R> {
  const counted = new Set<R>(saneReadings(readings, scale, stoppedAt).sane);
  for (const reading of readings) {
    const isInside = reading.at >= scale.startedAt && (!stoppedAt || reading.at <= stoppedAt);
    if (reading.registerWh === null && isInside) counted.add(reading);
  }
  return counted;
}

/**
 * What the session delivered: `meterStop − meterStart` when the stop's meter is sane (not below
 * the start, nor below a sane reading taken before it, nor beyond what the connector could
 * deliver by the stop); otherwise the last sane reading, and the session says so. Readings
 * after the stop are never counted.
 */
export function meterEnergy(
  facts: MeterScale & {
    readings: readonly TimelineReading[];
    stop?: { meterStopWh: number; at: Date };
  },
): MeterEnergy {
  const { meterStartWh, startedAt, stop } = facts;
  const { sane, anomaly: readingsAnomaly } = saneReadings(facts.readings, facts, stop?.at);
  const last = sane.at(-1);
  const lastRegister = last?.registerWh ?? meterStartWh;
  const stopAnomaly =
    stop && !isPlausible(facts, stop.meterStopWh, stop.at)
      ? { claimedWh: stop.meterStopWh - meterStartWh, at: stop.at }
      : undefined;
  const anomaly = largerAnomaly(readingsAnomaly, stopAnomaly);
  const withAnomaly = anomaly ? { anomaly } : {};
  if (
    stop &&
    !stopAnomaly &&
    stop.meterStopWh >= meterStartWh &&
    stop.meterStopWh >= lastRegister
  ) {
    return {
      energyWh: stop.meterStopWh - meterStartWh,
      source: 'meter_stop',
      at: stop.at,
      ...withAnomaly,
    };
  }
  return {
    energyWh: lastRegister - meterStartWh,
    source: 'last_reading',
    at: last?.at ?? startedAt,
    ...withAnomaly,
  };
}
