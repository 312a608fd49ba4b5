import type { UserEventType } from '@evcharge/domain/user-events';
import type { IconName } from '@/components/ui/icon';

export const eventIcon: Record<UserEventType, IconName> = {
  sessionEnded: 'checkCircle',
  limitReached: 'bolt',
  parkingStarted: 'clock',
  ghostStopped: 'alert',
  sessionClosedNoStop: 'alert',
  sessionAdjusted: 'refresh',
  meterAnomaly: 'alert',
  sessionStartedLate: 'bolt',
  favouriteFree: 'heart',
  reservationBegan: 'calendar',
  reservationEnding: 'clock',
  reservationExpired: 'calendar',
  reservationFailed: 'alert',
  supportAnswered: 'support',
};
