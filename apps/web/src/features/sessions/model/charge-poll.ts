import type { ChargeEvent } from '@evcharge/api/sessions/charge-schemas';
import { ApiError } from '@/lib/api-error';
import { MIN_POLL_MS, backoffMs, sleep } from '@/lib/poll-timing';

export { backoffMs };

// SPEC §7 GET /charges/subscribe/{a}/{b}: a long poll. Each answer brings the events after the
// cursor and the cursor to send next. The cursor moves only once an answer's events have been
// applied, so a failed request asks again from the same place and no event is lost.

export type PollAnswer = { cursor: number; events: ChargeEvent[] };

export type PollDeps = {
  fetchEvents: (cursor: number, signal: AbortSignal) => Promise<PollAnswer>;
  onAnswer: (answer: PollAnswer) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
};

/** Signed out or not allowed: asking again cannot help (the API client has signed out). */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * Polls until `signal` aborts (the screen unmounts) or the session is gone; restarts after a
 * failure with a growing pause. Resolves with the cursor reached, to resume from later.
 */
export async function runChargePoll(deps: PollDeps, startCursor: number, signal: AbortSignal): Promise<number> {
  const pause = deps.sleep ?? sleep;
  const now = deps.now ?? Date.now;
  let cursor = startCursor;
  let failures = 0;
  while (!signal.aborted) {
    const askedAt = now();
    try {
      const answer = await deps.fetchEvents(cursor, signal);
      if (signal.aborted) break;
      deps.onAnswer(answer);
      cursor = answer.cursor;
      failures = 0;
      const took = now() - askedAt;
      if (answer.events.length === 0 && took < MIN_POLL_MS) await pause(MIN_POLL_MS - took, signal);
    } catch (error) {
      if (signal.aborted || isFinal(error)) break;
      failures += 1;
      await pause(backoffMs(failures), signal);
    }
  }
  return cursor;
}

// Where each driver's poll got to, for this page's life: a screen opened again resumes there
// instead of reading the driver's events from the start.
const cursors = new Map<string, number>();

export function rememberedCursor(userId: string): number {
  return cursors.get(userId) ?? 0;
}

export function rememberCursor(userId: string, cursor: number): void {
  cursors.set(userId, cursor);
}
