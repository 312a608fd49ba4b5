import type { Charge } from '@evcharge/api/sessions/charge-schemas';

// The session's times tick on screen between the server's updates. The server's seconds are
// the base; the client adds only the time since that answer arrived, so a phone whose clock
// is wrong still counts right.

const chargingStatuses: readonly Charge['status'][] = ['charging', 'suspendedev', 'suspendedevse'];

export function isChargingClockRunning(charge: Charge): boolean {
  return chargingStatuses.includes(charge.status) && charge.startedAt !== null && charge.chargingEndedAt === null;
}

export function isParkingClockRunning(charge: Charge): boolean {
  return charge.status === 'parking';
}

/** Charging and parking seconds at `now`, the answer having come at `receivedAt` (ms). */
export function sessionSeconds(charge: Charge, receivedAt: number, now: number): { charging: number; parking: number } {
  const since = Math.max(0, Math.floor((now - receivedAt) / 1000));
  return {
    charging: charge.durationSeconds + (isChargingClockRunning(charge) ? since : 0),
    parking: charge.parkingSeconds + (isParkingClockRunning(charge) ? since : 0),
  };
}

/** When parking starts to cost: the free idle minutes after parking began (SPEC §9). */
export function parkingFeeFrom(charge: Charge): Date | null {
  if (!charge.parkingStartedAt) return null;
  const start = Date.parse(charge.parkingStartedAt);
  return Number.isNaN(start) ? null : new Date(start + charge.freeIdleMinutes * 60_000);
}
