import { EventEmitter } from 'node:events';

/**
 * Wakes the long polls of a driver when one of their sessions has news (DESIGN.md Real time).
 * The events themselves are rows of charge_events; this only says "look again". Each
 * `notify` wakes this instance's polls at once and is `publish`ed (PostgreSQL NOTIFY), so the
 * other instances on the same database hear it through `deliver`.
 */
export type ChargeEventBus = {
  notify(userId: string): void;
  /** A wake-up from another instance (LISTEN). */
  deliver(userId: string): void;
  /** Resolves at the next notify for the user, after `ms`, on abort, or when the bus closes. */
  wait(userId: string, ms: number, signal?: AbortSignal): Promise<void>;
  /** Open long polls (metrics, shutdown). */
  waiting(): number;
  /** Answers every open wait at once (graceful shutdown). */
  close(): void;
};

/** The channel instances wake each other on; the payload is the driver's id. */
export const CHARGE_EVENTS_CHANNEL = 'charge_events';

export function createChargeEventBus(
  publish?: (userId: string) => Promise<void>,
  onPublishError?: (error: unknown) => void,
): ChargeEventBus {
  const emitter = new EventEmitter();
  // One listener per open long poll; thousands of drivers may wait at once.
  emitter.setMaxListeners(0);
  let open = 0;
  let isClosed = false;
  return {
    notify(userId) {
      emitter.emit(userId);
      publish?.(userId).catch((error: unknown) => onPublishError?.(error));
    },
    deliver(userId) {
      emitter.emit(userId);
    },
    wait(userId, ms, signal) {
      if (isClosed || signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        open += 1;
        const done = () => {
          open -= 1;
          clearTimeout(timer);
          emitter.off(userId, done);
          emitter.off('close', done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        emitter.once(userId, done);
        emitter.once('close', done);
        signal?.addEventListener('abort', done, { once: true });
      });
    },
    waiting: () => open,
    close() {
      isClosed = true;
      emitter.emit('close');
    },
  };
}

export type PollWait = {
  /** How long to hold with nothing new. */
  ms: number;
  /** The client went away, or the server closes. */
  signal: AbortSignal;
};

/**
 * DESIGN.md Real time, the one long-poll loop of the charges, the RFID wizard and the support
 * chat: answers at once when `look` finds something (`ready`), else holds until the bus wakes
 * `key` (then looks again), `lookAgainMs` passes (a deadline the answer depends on), or the
 * wait is over. The wait is registered before each look, so a wake-up between the look and the
 * wait is not lost.
 */
export async function longPoll<T>(
  bus: Pick<ChargeEventBus, 'wait'>,
  key: string,
  wait: PollWait,
  look: () => Promise<{ answer: T; ready: boolean; lookAgainMs?: number }>,
): Promise<T> {
  const deadline = Date.now() + wait.ms;
  for (;;) {
    const round = new AbortController();
    const left = deadline - Date.now();
    const woken =
      left > 0
        ? bus.wait(key, left, AbortSignal.any([wait.signal, round.signal]))
        : Promise.resolve();
    const { answer, ready, lookAgainMs } = await look();
    if (ready || left <= 0 || wait.signal.aborted) {
      round.abort();
      await woken;
      return answer;
    }
    const again =
      lookAgainMs === undefined ? undefined : setTimeout(() => round.abort(), lookAgainMs);
    await woken;
    clearTimeout(again);
    if (wait.signal.aborted) return answer;
  }
}
