import type { SessionRow } from './repo';

/**
 * Minutes left of a running session, when they can be told: until the time limit, until the
 * energy limit at the present power, or until a full battery when the car's capacity and SoC
 * are known. Null otherwise (a cost limit depends on prices that may change by zone).
 */
export function remainingMinutes(
  session: Pick<
    SessionRow,
    'limitMode' | 'limitValue' | 'energyWh' | 'powerW' | 'socPercent' | 'status'
  >,
  facts: { elapsedSeconds: number; batteryKwh: number | null },
): number | null {
  if (session.status === 'parking' || session.status === 'preparing') return null;
  const powerW = session.powerW ?? 0;
  const atPower = (wh: number) => (powerW > 0 ? Math.ceil((Math.max(0, wh) / powerW) * 60) : null);
  const value = session.limitValue;
  switch (session.limitMode) {
    case 'time':
      return value === null ? null : Math.max(0, Math.ceil(value - facts.elapsedSeconds / 60));
    case 'energy':
      return value === null ? null : atPower(value - session.energyWh);
    default:
      if (facts.batteryKwh && session.socPercent !== null && session.limitMode !== 'cost')
        return atPower(((100 - session.socPercent) / 100) * facts.batteryKwh * 1000);
      return null;
  }
}
