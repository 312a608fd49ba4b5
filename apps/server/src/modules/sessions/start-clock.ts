import type { OCPP16 } from 'typed-ocpp';
import { sessionTime, startClockOffsetMs } from './meter-timeline';
import type { SessionRow } from './repo';

/**
 * A session's start on its timeline (meter-timeline.ts): the charge point's time unless its
 * clock is found wrong, then ours at arrival, with the offset that corrects its later times.
 */
export function startColumns(
  params: Pick<OCPP16.StartTransactionRequest, 'timestamp' | 'meterStart'>,
  receivedAt: Date,
  notBefore?: Date,
) {
  const startTimestamp = new Date(params.timestamp);
  const clockOffsetMs = startClockOffsetMs(startTimestamp, receivedAt, notBefore);
  const startedAt = new Date(
    (Number.isFinite(startTimestamp.getTime()) ? startTimestamp.getTime() : receivedAt.getTime()) +
      clockOffsetMs,
  );
  return {
    meterStartWh: params.meterStart,
    startTimestamp,
    clockOffsetMs,
    startedAt,
    lastEnergyAt: startedAt,
    lastReadingAt: startedAt,
  };
}

/** The stop on the session's timeline: never before its start (a clock may jump back). */
export function stopTimeOf(
  session: Pick<SessionRow, 'clockOffsetMs' | 'startedAt' | 'createdAt'>,
  timestamp: string,
  receivedAt: Date,
): Date {
  const at = sessionTime(new Date(timestamp), session.clockOffsetMs, receivedAt);
  const startedAt = session.startedAt ?? session.createdAt;
  return at < startedAt ? startedAt : at;
}
