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

export type TimelineReading = {
  at: Date;
  /** The energy register as the meter said it (Wh); null when the reading had none. */
  registerWh: number | null;
};

export type EnergySource = 'meter_stop' | 'last_reading';

export type MeterEnergy = {
  energyWh: number;
  source: EnergySource;
  /** The reading the energy comes from (the stop's, or the last sane one's). */
  at: Date;
};

/**
 * The readings that count, in time order: inside the session (from its start, up to its stop
 * when known), with a register never below the start's nor below the reading before it. A fall
 * is a meter reset: nothing after it is on the same scale, so nothing after it counts.
 */
export function saneReadings<R extends TimelineReading>(
  readings: readonly R[],
  meterStartWh: number,
  startedAt: Date,
  stoppedAt?: Date,
): (R & { registerWh: number })[] {
  const ordered = [...readings].sort((a, b) => a.at.getTime() - b.at.getTime());
  const sane: (R & { registerWh: number })[] = [];
  let highest = meterStartWh;
  for (const reading of ordered) {
    if (reading.registerWh === null) continue;
    if (reading.at < startedAt) continue;
    if (stoppedAt && reading.at > stoppedAt) break;
    if (reading.registerWh < highest) break;
    highest = reading.registerWh;
    sane.push(reading as R & { registerWh: number });
  }
  return sane;
}

/**
 * Which stored readings count (are billed and charted): the sane ones, and those without a
 * register (power, SoC) inside the session. The rest are kept for the record.
 */
export function countedReadings<R extends TimelineReading>(
  readings: readonly R[],
  meterStartWh: number,
  startedAt: Date,
  stoppedAt?: Date,
): Set<R> {
  const counted = new Set<R>(saneReadings(readings, meterStartWh, startedAt, stoppedAt));
  for (const reading of readings) {
    const isInside = reading.at >= startedAt && (!stoppedAt || reading.at <= stoppedAt);
    if (reading.registerWh === null && isInside) counted.add(reading);
  }
  return counted;
}

/**
 * What the session delivered: `meterStop − meterStart` when the stop's meter is sane (not below
 * the start, nor below a sane reading taken before it); otherwise the last sane reading, and
 * the session says so. Readings after the stop are never counted.
 */
export function meterEnergy(facts: {
  meterStartWh: number;
  startedAt: Date;
  readings: readonly TimelineReading[];
  stop?: { meterStopWh: number; at: Date };
}): MeterEnergy {
  const { meterStartWh, startedAt, stop } = facts;
  const sane = saneReadings(facts.readings, meterStartWh, startedAt, stop?.at);
  const last = sane.at(-1);
  const lastRegister = last?.registerWh ?? meterStartWh;
  if (stop && stop.meterStopWh >= meterStartWh && stop.meterStopWh >= lastRegister) {
    return { energyWh: stop.meterStopWh - meterStartWh, source: 'meter_stop', at: stop.at };
  }
  return {
    energyWh: lastRegister - meterStartWh,
    source: 'last_reading',
    at: last?.at ?? startedAt,
  };
}
