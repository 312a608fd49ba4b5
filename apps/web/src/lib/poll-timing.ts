// The timing of the app's long polls (DESIGN.md Real time): a growing pause after failures, a
// floor under answers that come back too soon (a proxy that does not hold), and a pause that a
// screen leaving ends at once.

const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 30_000;
/** An answer sooner than this with nothing new waits before asking again. */
export const MIN_POLL_MS = 1_000;

/** 1 s, 2 s, 4 s … up to 30 s after consecutive failures. */
export function backoffMs(failures: number): number {
  return Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1));
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * `sleep`, ended early when the browser is back on a network (its `online` event): a poll
 * paused by failures while offline asks again at once, from where it got to.
 */
export function sleepUntilOnline(ms: number, signal: AbortSignal, target: EventTarget = globalThis): Promise<void> {
  const woken = new AbortController();
  const wake = () => woken.abort();
  target.addEventListener('online', wake, { once: true });
  signal.addEventListener('abort', wake, { once: true });
  return sleep(ms, woken.signal).finally(() => {
    target.removeEventListener('online', wake);
    signal.removeEventListener('abort', wake);
  });
}
