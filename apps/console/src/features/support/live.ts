import type { ContractResponse } from '@evcharge/api/contract';
import { listConversations, subscribeSupport } from '@evcharge/api/admin/support';
import { MESSAGE_POLL_SECONDS } from '@evcharge/api/messages/messages';
import { ApiError, apiRequest } from '../../lib/api';

export type LiveMessage = ContractResponse<typeof subscribeSupport>['items'][number];

/** After a failure the loop waits 1, 2, 4 … seconds, at most this long, then asks again. */
export const LIVE_RETRY_MAX_MS = 30_000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/**
 * The support inbox's live feed: a long poll across every conversation (SPEC §7 subscribe with
 * a cursor). Without a cursor it starts from the newest message the inbox knows (its `cursor`)
 * and says so (`onCaughtUp`: the inbox and the open conversation read their state again), so
 * history is never replayed. Each answer moves the cursor to the newest message it carried;
 * after a failure the loop asks again from the same cursor, so no message is lost, only
 * delayed. Stops when `signal` aborts or the session is gone (401).
 */
export async function runSupportLive(options: {
  signal: AbortSignal;
  onMessages: (items: LiveMessage[]) => void;
  onCaughtUp?: () => void;
  onState?: (state: 'live' | 'retrying') => void;
  cursor?: number;
  waitSeconds?: number;
}): Promise<void> {
  const { signal, onMessages, onCaughtUp, onState } = options;
  const wait = options.waitSeconds ?? MESSAGE_POLL_SECONDS;
  let cursor = options.cursor ?? null;
  let failures = 0;
  while (!signal.aborted) {
    try {
      if (cursor === null) {
        const inbox = await apiRequest(listConversations, { query: { page: 1 }, signal });
        if (signal.aborted) return;
        cursor = inbox.cursor;
        if (failures > 0) onState?.('live');
        failures = 0;
        onCaughtUp?.();
        continue;
      }
      const answer = await apiRequest(subscribeSupport, {
        params: { cursor },
        query: { wait },
        signal,
        timeoutMs: (wait + 15) * 1000,
      });
      if (signal.aborted) return;
      if (failures > 0) onState?.('live');
      failures = 0;
      cursor = Math.max(cursor, answer.cursor);
      if (answer.items.length > 0) onMessages(answer.items);
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && (error.status === 401 || error.status === 404)) return;
      failures += 1;
      onState?.('retrying');
      await pause(Math.min(LIVE_RETRY_MAX_MS, 1000 * 2 ** (failures - 1)), signal);
    }
  }
}

/** `resync`: the feed has caught up (or reconnected): read the whole state again. */
type Listener = (items: LiveMessage[], resync: boolean) => void;

/** One feed for the section: the inbox and the open conversation both listen to it. */
export function createLiveHub() {
  const listeners = new Set<Listener>();
  return {
    publish(items: LiveMessage[]) {
      for (const listener of listeners) listener(items, false);
    },
    resync() {
      for (const listener of listeners) listener([], true);
    },
    listen(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;
