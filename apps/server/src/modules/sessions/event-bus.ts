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
  /**
   * Calls `wake` once: at the next notify for `key`, after `ms`, or when the bus closes;
   * the returned function takes the waiter off without calling it. What `wait` and the long
   * polls stand on: no promise, timer or listener of its own per waiter.
   */
  park(key: string, ms: number, wake: () => void): () => void;
  /** Open long polls (metrics, shutdown). */
  waiting(): number;
  /** A count that goes up with every wake-up of any key (`notify`, `deliver`). */
  news(): number;
  /** Whether `key` was woken since `news()` read `since` (when unsure: true). */
  newsSince(key: string, since: number): boolean;
  /** The server closes: waits end at once and long polls answer. */
  closed(): boolean;
  /** Answers every open wait at once (graceful shutdown). */
  close(): void;
};

/** The channel instances wake each other on; the payload is the driver's id. */
export const CHARGE_EVENTS_CHANNEL = 'charge_events';

/**
 * The waits' deadlines are kept in slots of this many milliseconds, each with one timer: ten
 * thousand open polls hold a few hundred timers, not ten thousand. A wait may end up to a slot
 * later than asked.
 */
const SLOT_MS = 100;

type Waiter = { key: string; slot: number; wake: () => void };

/** How many keys' last wake-ups the bus remembers; older ones count as "just now". */
const NEWS_KEYS_KEPT = 100_000;

export function createChargeEventBus(
  publish?: (userId: string) => Promise<void>,
  onPublishError?: (error: unknown) => void,
): ChargeEventBus {
  // The waiters of each key, and of each deadline slot (with the slot's one timer).
  const byKey = new Map<string, Set<Waiter>>();
  const bySlot = new Map<number, { waiters: Set<Waiter>; timer: NodeJS.Timeout }>();
  let open = 0;
  let isClosed = false;
  // The news count, each key's last wake-up on it (oldest first), and the newest one forgotten.
  let newsCount = 0;
  const lastNews = new Map<string, number>();
  let forgottenUpTo = 0;

  const remove = (waiter: Waiter): boolean => {
    const ofKey = byKey.get(waiter.key);
    if (!ofKey?.delete(waiter)) return false;
    if (ofKey.size === 0) byKey.delete(waiter.key);
    const ofSlot = bySlot.get(waiter.slot);
    if (ofSlot) {
      ofSlot.waiters.delete(waiter);
      if (ofSlot.waiters.size === 0) {
        clearTimeout(ofSlot.timer);
        bySlot.delete(waiter.slot);
      }
    }
    open -= 1;
    return true;
  };
  const wakeAll = (waiters: Iterable<Waiter>) => {
    // Taken off first: a wake-up may park again at once.
    const woken = [...waiters];
    for (const waiter of woken) remove(waiter);
    for (const waiter of woken) waiter.wake();
  };
  const wakeKey = (key: string) => {
    newsCount += 1;
    lastNews.delete(key);
    lastNews.set(key, newsCount);
    if (lastNews.size > NEWS_KEYS_KEPT) {
      const [oldest, at] = lastNews.entries().next().value as [string, number];
      lastNews.delete(oldest);
      forgottenUpTo = at;
    }
    const waiters = byKey.get(key);
    if (waiters) wakeAll(waiters);
  };
  const expire = (slot: number) => {
    const ofSlot = bySlot.get(slot);
    if (ofSlot) wakeAll(ofSlot.waiters);
  };

  const park = (key: string, ms: number, wake: () => void): (() => void) => {
    if (isClosed) {
      wake();
      return () => {};
    }
    const slot = Math.ceil((Date.now() + Math.max(0, ms)) / SLOT_MS);
    const waiter: Waiter = { key, slot, wake };
    let ofKey = byKey.get(key);
    if (!ofKey) byKey.set(key, (ofKey = new Set()));
    ofKey.add(waiter);
    let ofSlot = bySlot.get(slot);
    if (!ofSlot) {
      const timer = setTimeout(expire, Math.max(0, slot * SLOT_MS - Date.now()), slot);
      bySlot.set(slot, (ofSlot = { waiters: new Set(), timer }));
    }
    ofSlot.waiters.add(waiter);
    open += 1;
    return () => void remove(waiter);
  };

  return {
    notify(userId) {
      wakeKey(userId);
      publish?.(userId).catch((error: unknown) => onPublishError?.(error));
    },
    deliver(userId) {
      wakeKey(userId);
    },
    park,
    wait(userId, ms, signal) {
      if (isClosed || signal?.aborted) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          signal?.removeEventListener('abort', cancel);
          resolve();
        };
        const unpark = park(userId, ms, done);
        const cancel = () => {
          unpark();
          done();
        };
        signal?.addEventListener('abort', cancel, { once: true });
      });
    },
    waiting: () => open,
    news: () => newsCount,
    newsSince: (key, since) => (lastNews.get(key) ?? forgottenUpTo) > since,
    closed: () => isClosed,
    close() {
      isClosed = true;
      for (const { waiters } of [...bySlot.values()]) wakeAll(waiters);
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
 * How long a poll holds with nothing new when the client asks for no time of its own: the
 * contract's most (`seconds`), less up to a fifth at random. Thousands of clients that came
 * at once (after a restart, a network outage) would otherwise all be answered, and ask again,
 * in the same instant, every time; spread, the answers and the renewals leave room for
 * everything else the instance serves.
 */
export function spreadPollMs(seconds: number, random: () => number = Math.random): number {
  return Math.round(seconds * 1000 * (1 - 0.2 * random()));
}

/**
 * A poll's wait for a request: `asked` seconds when the client says, else the spread default
 * (`spreadPollMs`); over when the client goes away.
 */
export function pollWaitFor(
  raw: { once(event: 'close', listener: () => void): unknown },
  asked: number | undefined,
  defaultSeconds: number,
): PollWait {
  const gone = new AbortController();
  raw.once('close', () => gone.abort());
  return {
    ms: asked === undefined ? spreadPollMs(defaultSeconds) : asked * 1000,
    signal: gone.signal,
  };
}

/**
 * How long a note of a quiet look is trusted. A wake-up that never comes (a NOTIFY lost with
 * the LISTEN connection) delays news by at most this, besides the poll's own wait.
 */
export const QUIET_NOTE_MS = 60_000;
const QUIET_NOTES_KEPT = 100_000;

/**
 * Notes of looks that found nothing new, per bus key: a poll asking the same question again
 * (its client's cursor) with no wake-up of the key since is given the same answer without
 * asking the database. Thousands of polls renewing after their wait mostly find nothing;
 * this keeps their renewals off the database. A note is written with the news count read
 * before its look, so a wake-up during the look spoils it; events are written before the bus
 * is told (events.ts), so a look after a note's wake-up sees them.
 */
export class QuietLooks<T> {
  readonly #notes = new Map<string, { news: number; question: string; answer: T; at: number }>();

  constructor(
    private readonly bus: Pick<ChargeEventBus, 'news' | 'newsSince'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** `look` for `key`, answered from the note when the same question is still quiet. */
  look<A extends { answer: T; ready: boolean; lookAgainMs?: number }>(
    key: string,
    question: string,
    look: () => Promise<A>,
  ): () => Promise<A | { answer: T; ready: false }> {
    return async () => {
      const note = this.#notes.get(key);
      if (
        note &&
        note.question === question &&
        this.now() - note.at < QUIET_NOTE_MS &&
        !this.bus.newsSince(key, note.news)
      ) {
        return { answer: note.answer, ready: false };
      }
      const news = this.bus.news();
      const at = this.now();
      const found = await look();
      this.#notes.delete(key);
      if (!found.ready && found.lookAgainMs === undefined) {
        if (this.#notes.size >= QUIET_NOTES_KEPT) {
          this.#notes.delete(this.#notes.keys().next().value as string);
        }
        this.#notes.set(key, { news, question, answer: found.answer, at });
      }
      return found;
    };
  }
}

/**
 * DESIGN.md Real time, the one long-poll loop of the charges, the RFID wizard and the support
 * chat: answers at once when `look` finds something (`ready`), else holds until the bus wakes
 * `key` (then looks again), `lookAgainMs` passes (a deadline the answer depends on), or the
 * wait is over. The wait is registered before each look, so a wake-up between the look and the
 * wait is not lost. The server closing ends it with the last look's answer.
 */
export async function longPoll<T>(
  bus: Pick<ChargeEventBus, 'park' | 'closed'>,
  key: string,
  wait: PollWait,
  look: () => Promise<{ answer: T; ready: boolean; lookAgainMs?: number }>,
): Promise<T> {
  const deadline = Date.now() + wait.ms;
  // One round's wake-up: the bus, the answer's own deadline, or the client going away.
  let woken = false;
  let wake: (() => void) | undefined;
  let unpark = () => {};
  const onWake = () => {
    woken = true;
    wake?.();
  };
  const onGone = () => {
    unpark();
    onWake();
  };
  wait.signal.addEventListener('abort', onGone, { once: true });
  try {
    for (;;) {
      const left = deadline - Date.now();
      woken = false;
      wake = undefined;
      unpark = left > 0 && !wait.signal.aborted ? bus.park(key, left, onWake) : () => {};
      const { answer, ready, lookAgainMs } = await look();
      if (ready || left <= 0 || wait.signal.aborted || bus.closed()) {
        unpark();
        return answer;
      }
      if (!woken) {
        const again = lookAgainMs === undefined ? undefined : setTimeout(onGone, lookAgainMs);
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        clearTimeout(again);
      }
      if (wait.signal.aborted || bus.closed()) return answer;
    }
  } finally {
    wait.signal.removeEventListener('abort', onGone);
  }
}
