import type { OCPP16 } from 'typed-ocpp';
import { startClockOffsetMs } from './meter-timeline';

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
