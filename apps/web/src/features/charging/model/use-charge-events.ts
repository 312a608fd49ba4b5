import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@/lib/session';
import { fetchChargeEvents } from '../api/subscribe-charges';
import { applyChargeEvents } from './apply-events';
import { rememberCursor, rememberedCursor, runChargePoll } from './charge-poll';

/** Live updates of the driver's sessions while the screen is open (stopped on unmount). */
export function useChargeEvents(isEnabled = true): void {
  const client = useQueryClient();
  const userId = useSession()?.user.id ?? null;

  useEffect(() => {
    if (!isEnabled || userId === null) return;
    const controller = new AbortController();
    void runChargePoll(
      {
        fetchEvents: fetchChargeEvents,
        onAnswer: (answer) => {
          applyChargeEvents(client, answer.events);
          rememberCursor(userId, answer.cursor);
        },
      },
      rememberedCursor(userId),
      controller.signal,
    );
    return () => controller.abort();
  }, [client, userId, isEnabled]);
}
