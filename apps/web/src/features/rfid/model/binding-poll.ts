import type { RfidBinding } from '@evcharge/api/rfid/rfid';
import { isRfidBindingOpen } from '@evcharge/domain/rfid';
import { ApiError } from '@/lib/api-error';
import { MIN_POLL_MS, backoffMs, sleep } from '@/lib/poll-timing';

export { backoffMs };

// SPEC §7 GET /rfid/subscribe/{binding}/{version}: a long poll in the style of the charging
// screen's (/charges/subscribe). Each answer is the binding as it is, at once when its version
// passed the cursor, else when the server stops holding. The loop ends when the binding ends
// (bound, failed, expired, cancelled) or the screen lets go (the signal aborts).

export type BindingPollDeps = {
  fetchBinding: (cursor: number, signal: AbortSignal) => Promise<RfidBinding>;
  onAnswer: (binding: RfidBinding) => void;
  /** Asking again cannot help (the binding is gone, or the driver signed out). */
  onFinalError: (error: unknown) => void;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
};

/** A refusal (4xx) is the server's answer, not a network hiccup: no retry. */
function isFinal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 408 && error.status !== 429;
}

export async function runBindingPoll(deps: BindingPollDeps, start: RfidBinding, signal: AbortSignal): Promise<void> {
  const pause = deps.sleep ?? sleep;
  const now = deps.now ?? Date.now;
  let cursor = start.version;
  let failures = 0;
  while (!signal.aborted) {
    const askedAt = now();
    try {
      const binding = await deps.fetchBinding(cursor, signal);
      if (signal.aborted) return;
      failures = 0;
      deps.onAnswer(binding);
      if (!isRfidBindingOpen(binding.status)) return;
      const isNew = binding.version > cursor;
      cursor = Math.max(cursor, binding.version);
      const took = now() - askedAt;
      if (!isNew && took < MIN_POLL_MS) await pause(MIN_POLL_MS - took, signal);
    } catch (error) {
      if (signal.aborted) return;
      if (isFinal(error)) {
        deps.onFinalError(error);
        return;
      }
      failures += 1;
      await pause(backoffMs(failures), signal);
    }
  }
}
