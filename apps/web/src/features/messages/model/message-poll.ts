import type { Message } from '@evcharge/api/messages/messages';
import { ApiError } from '@/lib/api-error';
import { MIN_POLL_MS, backoffMs, sleep } from '@/lib/poll-timing';

// SPEC §7 GET /messages/subscribe/{id}: a long poll in the style of the charging screen's. {id}
// is the cursor, the seq of the newest message the page holds, so after a failure the loop asks
// again from the same cursor and misses nothing. `read` is the driver's `readUpTo` as the page
// knows it: support reading the driver's messages answers the poll too (the ✓✓ marks).

export type MessagePollAnswer = { cursor: number; items: Message[]; readUpTo: number };

export type MessagePollDeps = {
  fetchAfter: (cursor: number, readUpTo: number, signal: AbortSignal) => Promise<MessagePollAnswer>;
  onAnswer: (answer: MessagePollAnswer) => void;
  /** Support has read the driver's messages up to this seq, as the page last heard. */
  readUpTo: () => number;
  /** Asking again cannot help (the driver signed out, the request is refused). */
  onFinalError: (error: unknown) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
};

/** A refusal (4xx) is the server's answer, not a network hiccup: no retry. */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

/** Runs until the signal aborts (the chat closes) or a refusal; returns the cursor it reached. */
export async function runMessagePoll(deps: MessagePollDeps, startCursor: number, signal: AbortSignal): Promise<number> {
  const pause = deps.sleep ?? sleep;
  const now = deps.now ?? Date.now;
  let cursor = startCursor;
  let failures = 0;
  while (!signal.aborted) {
    const askedAt = now();
    const read = deps.readUpTo();
    try {
      const answer = await deps.fetchAfter(cursor, read, signal);
      if (signal.aborted) break;
      failures = 0;
      const isNew = answer.items.length > 0 || answer.cursor > cursor || answer.readUpTo !== read;
      cursor = Math.max(cursor, answer.cursor, ...answer.items.map((item) => item.seq));
      deps.onAnswer(answer);
      const took = now() - askedAt;
      if (!isNew && took < MIN_POLL_MS) await pause(MIN_POLL_MS - took, signal);
    } catch (error) {
      if (signal.aborted) break;
      if (isFinal(error)) {
        deps.onFinalError(error);
        break;
      }
      failures += 1;
      await pause(backoffMs(failures), signal);
    }
  }
  return cursor;
}
