/**
 * Wakes the long polls of a driver when one of their sessions has news (DESIGN.md Real time).
 * The events themselves are rows of charge_events; this only says "look again". Each
 * `notify` wakes this instance's polls at once and is `publish`ed (PostgreSQL NOTIFY), so the
 * other instances on the same database hear it through `deliver`.
 */
export type ChargeEventBus = {
  /** A driver's news: their polls wake, and what follows drivers' news hears of it (app.ts). */
  notify(userId: string): void;
  /**
   * Wakes the polls of a key that is no driver's (the support console's inbox), here and on the
   * other instances, and nothing else: only drivers' ids go to what follows `notify`.
   */
  wake(key: string): void;
  /** A wake-up from another instance (LISTEN). */
  deliver(userId: string): void;
  /** Resolves at the next notify for the user, after `ms`, on abort, or when the bus closes. */
  wait(userId: string, ms: number, signal?: AbortSignal): Promise<void>;
  /**
   * Calls `wake` once: at the next notify for `key`, after `ms`, or when the bus closes;
   * the returned function takes the waiter off without calling it.
   */
  park(key: string, ms: number, wake: () => void): () => void;
  /**
   * `park` for a waiter object of the caller's: the bus keeps the object itself (no closure,
   * promise, timer or listener of its own per waiter) and calls its `wake` once. What the long
   * polls stand on: ten thousand of them are held at once.
   */
  hold(waiter: BusWaiter, ms: number): void;
  /** Takes a held waiter off without waking it (nothing when it is not held). */
  release(waiter: BusWaiter): void;
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

/**
 * A waiter as the bus keeps it: `key` is what wakes it; `slot` is the bus's own (its deadline's
 * slot while held, else `NOT_HELD`).
 */
export type BusWaiter = { readonly key: string; slot: number; wake(): void };
type Waiter = BusWaiter;

/** The `slot` of a waiter the bus does not hold. */
export const NOT_HELD = -1;

/**
 * The most waiters woken in one turn of the event loop; the rest are woken in the next turns.
 * A slot's deadline or the server's close may end thousands of polls at once: each wake-up
 * looks again and answers, and thousands of answers in one turn would keep every other request
 * (GET /health, a station search) waiting for the whole batch.
 */
export const WAKE_SLICE = 200;

/** How many keys' last wake-ups the bus remembers; older ones count as "just now". */
const NEWS_KEYS_KEPT = 100_000;

export function createChargeEventBus(
  publish?: (userId: string) => Promise<void>,
  onPublishError?: (error: unknown) => void,
): ChargeEventBus {
  // The waiters of each key (the one waiter itself while a key has one, as most have: a Set per
  // key would cost each open poll a hash table), and of each deadline slot (with its one timer).
  const byKey = new Map<string, Waiter | Set<Waiter>>();
  const bySlot = new Map<number, { waiters: Set<Waiter>; timer: NodeJS.Timeout }>();
  let open = 0;
  let isClosed = false;
  // The news count, each key's last wake-up on it (oldest first), and the newest one forgotten.
  let newsCount = 0;
  const lastNews = new Map<string, number>();
  let forgottenUpTo = 0;

  // Waiters taken off and not yet woken (past WAKE_SLICE in one turn), woken in later turns.
  let toWake: Waiter[] = [];
  let wakeScheduled = false;
  // A waiter taken off and queued to be woken has this slot until it is.
  const QUEUED = -2;

  const remove = (waiter: Waiter): boolean => {
    if (waiter.slot === QUEUED) {
      // Released before its turn came: it is not woken.
      waiter.slot = NOT_HELD;
      return false;
    }
    const ofKey = byKey.get(waiter.key);
    if (ofKey === waiter) byKey.delete(waiter.key);
    else if (ofKey instanceof Set && ofKey.delete(waiter)) {
      if (ofKey.size === 1) byKey.set(waiter.key, ofKey.values().next().value as Waiter);
    } else return false;
    const ofSlot = bySlot.get(waiter.slot);
    if (ofSlot) {
      ofSlot.waiters.delete(waiter);
      if (ofSlot.waiters.size === 0) {
        clearTimeout(ofSlot.timer);
        bySlot.delete(waiter.slot);
      }
    }
    waiter.slot = NOT_HELD;
    open -= 1;
    return true;
  };
  const wakeQueued = () => {
    wakeScheduled = false;
    const now = toWake.length > WAKE_SLICE ? toWake.slice(0, WAKE_SLICE) : toWake;
    toWake = toWake.length > WAKE_SLICE ? toWake.slice(WAKE_SLICE) : [];
    if (toWake.length > 0) {
      wakeScheduled = true;
      setImmediate(wakeQueued);
    }
    for (const waiter of now) {
      // Released meanwhile: not woken.
      if (waiter.slot !== QUEUED) continue;
      waiter.slot = NOT_HELD;
      waiter.wake();
    }
  };
  const wakeAll = (waiters: Iterable<Waiter>) => {
    // Taken off first: a wake-up may park again at once.
    const woken = [...waiters];
    for (const waiter of woken) remove(waiter);
    // The first WAKE_SLICE now (after those queued before), the rest in the next turns.
    let i = 0;
    if (toWake.length === 0) {
      for (; i < woken.length && i < WAKE_SLICE; i++) woken[i]!.wake();
    }
    for (; i < woken.length; i++) {
      woken[i]!.slot = QUEUED;
      toWake.push(woken[i]!);
    }
    if (toWake.length > 0 && !wakeScheduled) {
      wakeScheduled = true;
      setImmediate(wakeQueued);
    }
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
    if (waiters) wakeAll(waiters instanceof Set ? waiters : [waiters]);
  };
  const expire = (slot: number) => {
    const ofSlot = bySlot.get(slot);
    if (ofSlot) wakeAll(ofSlot.waiters);
  };

  const hold = (waiter: Waiter, ms: number): void => {
    if (isClosed) {
      waiter.wake();
      return;
    }
    const { key } = waiter;
    const slot = Math.ceil((Date.now() + Math.max(0, ms)) / SLOT_MS);
    waiter.slot = slot;
    const ofKey = byKey.get(key);
    if (!ofKey) byKey.set(key, waiter);
    else if (ofKey instanceof Set) ofKey.add(waiter);
    else byKey.set(key, new Set([ofKey, waiter]));
    let ofSlot = bySlot.get(slot);
    if (!ofSlot) {
      const timer = setTimeout(expire, Math.max(0, slot * SLOT_MS - Date.now()), slot);
      bySlot.set(slot, (ofSlot = { waiters: new Set(), timer }));
    }
    ofSlot.waiters.add(waiter);
    open += 1;
  };
  const park = (key: string, ms: number, wake: () => void): (() => void) => {
    const waiter: Waiter = { key, slot: NOT_HELD, wake };
    hold(waiter, ms);
    return () => void remove(waiter);
  };

  return {
    notify(userId) {
      wakeKey(userId);
      publish?.(userId).catch((error: unknown) => onPublishError?.(error));
    },
    wake(key) {
      wakeKey(key);
      publish?.(key).catch((error: unknown) => onPublishError?.(error));
    },
    deliver(userId) {
      wakeKey(userId);
    },
    park,
    hold,
    release: (waiter) => void remove(waiter),
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
