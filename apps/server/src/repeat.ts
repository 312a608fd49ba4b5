import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass` every `seconds`, never two at once (a pass still running skips its turn), until
 * the returned stop is called, which waits for a running pass. A failed pass is logged.
 */
export function runEvery(
  seconds: number,
  pass: () => Promise<void>,
  log: FastifyBaseLogger,
  what: string,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = undefined;
      });
  }, seconds * 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
