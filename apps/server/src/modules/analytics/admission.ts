import type { Redis } from 'ioredis';
import type { AnalyticsEvent } from '@evcharge/domain/analytics';

// SPEC §1, the app's own counter: what one browser tab can add to the analyst's figures. Of a
// batch, a repeat (the same event and route from the same tab within `repeatMs`, in the batch
// or before it) counts once; then a tab (its visit id, from one client address) counts at most
// `perTab` events a window and the address, all its tabs together, `perAddress`: a script that
// replays a batch, or makes a new visit id per batch, adds no more than that. Kept in memory
// like the rate limits (plugins/rate-limit.ts), or in Redis (REDIS_URL) so that several
// instances count together; the addresses stay there, never in the database.

export type CountedEvent = { name: AnalyticsEvent; path: string };

export type AdmissionLimits = {
  perTab: number;
  perAddress: number;
  windowMs: number;
  repeatMs: number;
};

export type Admission = {
  /** The events of a batch that count, in the batch's order; the others are dropped. */
  admit(
    address: string,
    visit: string,
    events: readonly CountedEvent[],
    now: Date,
  ): Promise<CountedEvent[]>;
};

/** The batch without its own repeats, in order. */
function distinct(events: readonly CountedEvent[]): CountedEvent[] {
  const keys = new Set<string>();
  return events.filter((event) => {
    const key = `${event.name} ${event.path}`;
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  });
}

/** How many of `offered` fit under `limit` when the window's count, `offered` included, is `count`. */
const fitting = (limit: number, count: number, offered: number) =>
  Math.max(0, Math.min(offered, limit - (count - offered)));

/** Keys kept in memory at most; the oldest go first. */
const MAX_KEYS = 100_000;

function keep<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  // Oldest first out: a Map iterates in insertion order.
  if (map.size >= MAX_KEYS) map.delete(map.keys().next().value as string);
  map.set(key, value);
}

/** This instance's count (one process, or INSTANCES without Redis: each a share of the limits). */
export function memoryAdmission(limits: AdmissionLimits): Admission {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const seenUntil = new Map<string, number>();
  const count = (key: string, offered: number, at: number) => {
    let window = windows.get(key);
    if (!window || window.endsAt <= at) {
      window = { count: 0, endsAt: at + limits.windowMs };
      keep(windows, key, window);
    }
    window.count += offered;
    return window.count;
  };
  return {
    async admit(address, visit, events, now) {
      const at = now.getTime();
      const tab = `${address} ${visit}`;
      const fresh = distinct(events).filter((event) => {
        const key = `${tab} ${event.name} ${event.path}`;
        if ((seenUntil.get(key) ?? 0) > at) return false;
        keep(seenUntil, key, at + limits.repeatMs);
        return true;
      });
      if (fresh.length === 0) return [];
      const forTab = fitting(limits.perTab, count(`tab ${tab}`, fresh.length, at), fresh.length);
      if (forTab === 0) return [];
      const forAddress = fitting(limits.perAddress, count(`address ${address}`, forTab, at), forTab);
      return fresh.slice(0, forAddress);
    },
  };
}

const PREFIX = 'evcharge:analytics:';

/**
 * The same in Redis, shared by every instance: a repeat is a key set with NX that expires after
 * `repeatMs`; a window is a counter created with its expiry (SET NX PX) and then increased. When
 * Redis does not answer, this instance counts alone (`fallback`).
 */
export function redisAdmission(redis: Redis, limits: AdmissionLimits, fallback: Admission): Admission {
  // A pipeline's exec answers each command's error beside its result, rejecting none.
  const results = (answers: [Error | null, unknown][] | null) => {
    const failed = answers === null ? new Error('redis: no answer') : answers.find(([error]) => error)?.[0];
    if (failed) throw failed;
    return answers!.map(([, result]) => result);
  };
  const count = async (key: string, offered: number) => {
    const answers = await redis
      .multi()
      .set(key, '0', 'PX', limits.windowMs, 'NX')
      .incrby(key, offered)
      .exec();
    return Number(results(answers)[1]);
  };
  const admit: Admission['admit'] = async (address, visit, events) => {
    const tab = `${address}|${visit}`;
    const candidates = distinct(events);
    const marks = redis.pipeline();
    for (const event of candidates) {
      marks.set(`${PREFIX}seen:${tab}|${event.name}|${event.path}`, '1', 'PX', limits.repeatMs, 'NX');
    }
    const marked = candidates.length > 0 ? results(await marks.exec()) : [];
    const fresh = candidates.filter((_, index) => marked[index] === 'OK');
    if (fresh.length === 0) return [];
    const forTab = fitting(limits.perTab, await count(`${PREFIX}tab:${tab}`, fresh.length), fresh.length);
    if (forTab === 0) return [];
    const forAddress = fitting(
      limits.perAddress,
      await count(`${PREFIX}address:${address}`, forTab),
      forTab,
    );
    return fresh.slice(0, forAddress);
  };
  return {
    admit: (address, visit, events, now) =>
      admit(address, visit, events, now).catch(() => fallback.admit(address, visit, events, now)),
  };
}
