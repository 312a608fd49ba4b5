// Long tasks block a phone's main thread: taps wait, frames drop (Lighthouse counts them as
// Total Blocking Time). Work that comes in steps yields between them.

type Scheduler = { yield?: () => Promise<void> };

/** Resolves in a new task, so the browser may paint and handle input before the caller goes on. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  // scheduler.yield keeps the caller ahead of other queued work; elsewhere a plain task.
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves when the browser has nothing more urgent to do (or after `timeoutMs` at the latest):
 * for work nobody waits for, such as texts only an error or a form will need.
 */
export function whenIdle(timeoutMs = 3000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 200);
  });
}
