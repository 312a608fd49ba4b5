import type { Charge } from '@evcharge/api/sessions/charge-schemas';

// What the charging screen's live region says (WCAG 2.2 4.1.3 Status Messages): a change of the
// session's state, never a new meter reading.

export type Announcement =
  | 'started'
  | 'resumed'
  | 'pausedByCar'
  | 'pausedByStation'
  | 'stopped'
  | 'finished'
  | 'limitReached'
  | 'cancelled'
  | 'fault';

/** What the announcement compares: the session's status and whether its connector is faulted. */
export type SessionState = { status: Charge['status']; isFaulted: boolean };

const ENDED: readonly Charge['status'][] = ['finishing', 'parking', 'success'];
const STOPPED_BY_DRIVER = new Set(['driver', 'Remote', 'Local']);
const STOPPED_BY_FAULT = new Set(['EmergencyStop', 'PowerLoss']);

export function sessionState(charge: Charge): SessionState {
  return { status: charge.status, isFaulted: charge.connector.status === 'faulted' };
}

/** What changed from `before` to `charge` worth saying, or null when nothing did. */
export function statusAnnouncement(before: SessionState, charge: Charge): Announcement | null {
  const now = sessionState(charge);
  if (now.isFaulted && !before.isFaulted) return 'fault';
  if (now.status === before.status) return null;
  if (now.status === 'charging') return before.status === 'preparing' ? 'started' : 'resumed';
  if (now.status === 'suspendedev') return 'pausedByCar';
  if (now.status === 'suspendedevse') return 'pausedByStation';
  if (now.status === 'cancelled') return 'cancelled';
  if (ENDED.includes(now.status) && !ENDED.includes(before.status)) {
    const reason = charge.stopReason ?? '';
    if (reason === 'limit') return 'limitReached';
    if (STOPPED_BY_FAULT.has(reason)) return 'fault';
    if (STOPPED_BY_DRIVER.has(reason)) return 'stopped';
    return 'finished';
  }
  return null;
}

/** How recent a start still is news when the screen opens on it. */
const JUST_STARTED_MS = 60_000;

/**
 * A session the screen first sees already charging, started moments ago: the driver has just
 * pressed Start and the car began to draw before the screen's first answer, so the live region
 * never saw "preparing". The start is still said once.
 */
export function isJustStarted(charge: Charge, now = Date.now()): boolean {
  if (charge.status !== 'charging' || charge.startedAt === null) return false;
  // A start stamped ahead of this clock (the station's own clock runs ahead) is news too.
  return now - Date.parse(charge.startedAt) < JUST_STARTED_MS;
}
