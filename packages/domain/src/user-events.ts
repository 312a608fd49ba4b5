// The user's notifications (SPEC §7 GET /events): what happened that the driver should hear
// about, recorded once and pushed to their devices (issue: push token and events).
export const userEventTypes = [
  'sessionEnded',
  'limitReached',
  'parkingStarted',
  'ghostStopped',
  'sessionClosedNoStop',
  'sessionAdjusted',
  /** The charge point's meter claimed more than its connector could deliver: only the plausible is billed. */
  'meterAnomaly',
  /**
   * A roaming partner began a session the app had told the driver could not start (its answer
   * was late or lost): the session is the driver's, live, with its Stop (decision 015).
   */
  'sessionStartedLate',
  'favouriteFree',
  /** SPEC §4 reservation: a chosen period began (the charge point holds the connector). */
  'reservationBegan',
  /** It runs out in RESERVATION_REMINDER_MINUTES and the driver has not started. */
  'reservationEnding',
  /** It ended unused. */
  'reservationExpired',
  /** The charge point could not hold a chosen period when it began: nothing was charged. */
  'reservationFailed',
  /** Support answered in the chat (SPEC §2 chat): the payload carries the message's seq. */
  'supportAnswered',
] as const;
export type UserEventType = (typeof userEventTypes)[number];

export function isUserEventType(value: unknown): value is UserEventType {
  return typeof value === 'string' && (userEventTypes as readonly string[]).includes(value);
}

/**
 * A favourite station that keeps flipping between busy and free is announced at most once in
 * this window per driver (the event's dedupe key is the station and the window).
 */
export const FAVOURITE_FREE_WINDOW_MINUTES = 30;
