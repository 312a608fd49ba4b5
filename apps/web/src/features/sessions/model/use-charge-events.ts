import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { chargeListCursor } from '@/lib/charge-query';
import { sleepUntilOnline } from '@/lib/poll-timing';
import { useSession } from '@/lib/session';
import { useCurrentChargesQuery } from '../api/get-charges';
import { fetchChargeEvents } from '../api/subscribe-charges';
import { applyChargeEvents } from './apply-events';
import { rememberCursor, rememberedCursor, runChargePoll } from './charge-poll';

/** Live updates of the driver's sessions while the screen is open (stopped on unmount). */
export function useChargeEvents(isEnabled = true): void {
  const client = useQueryClient();
  const userId = useSession()?.user.id ?? null;
  // The list of open sessions comes first and says where its events end.
  const isListed = useCurrentChargesQuery().isSuccess;

  useEffect(() => {
    if (!isEnabled || userId === null || !isListed) return;
    const controller = new AbortController();
    void runChargePoll(
      {
        fetchEvents: fetchChargeEvents,
        // Offline, the poll pauses; back online it asks again at once from its cursor.
        sleep: sleepUntilOnline,
        onAnswer: (answer) => {
          applyChargeEvents(client, answer.events);
          rememberCursor(userId, answer.cursor);
        },
      },
      Math.max(rememberedCursor(userId), chargeListCursor()),
      controller.signal,
    );
    return () => controller.abort();
  }, [client, userId, isEnabled, isListed]);
}
