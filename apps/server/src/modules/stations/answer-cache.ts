import { compress, compressNow, type AnswerEncoding } from '../../http/compression';

// Finished list and map answers, kept until the read model changes. A moving map and a list
// that several drivers open around the same place ask the same filter over and over; between
// two changes of the stations the answer is the same bytes, so it is written (and compressed)
// once. Any change (a connector status, a refreshed or new station, a reload) bumps the
// model's version and empties the cache: an answer is never older than the model it came from.
//
// An answer is kept from the second time its request is asked, not the first: most searches
// are asked once (a driver's own place and filter), and keeping each of those until the limits
// push it out only fills the heap with answers nobody reads again, whose collection then costs
// every request (bench/RESULTS.md: 462 against 225 µs per new search while no status changed).
// The requests asked are remembered in two generations of `maxEntries` each, by a 32-bit
// fingerprint of their key rather than the key's text: every new search adds one, and a second
// or two later the generation is dropped, so the text (a few hundred bytes a request) would
// outlive the young generation and fill the old one for the next full collection to clear. The
// fingerprints live in two fixed tables of integers (`AskedPrints`), made once: a Set growing to
// `maxEntries` and dropped every few seconds would be garbage of the same kind. Two keys sharing
// a fingerprint only mean an answer kept one ask early.

export type AnswerCacheLimits = {
  /** How many answers at most. */
  maxEntries: number;
  /** How many bytes of answers at most, compressed copies included. */
  maxBytes: number;
  /** An answer bigger than this is never kept (a map answer over a country is megabytes). */
  maxAnswerBytes: number;
};

export const defaultAnswerCacheLimits: AnswerCacheLimits = {
  maxEntries: 5_000,
  maxBytes: 64 * 1024 * 1024,
  maxAnswerBytes: 4 * 1024 * 1024,
};

export type Answer = string | Buffer;

/** An answer and its compressed bytes, made once per encoding while the answer is kept. */
export type KeptAnswer<T extends Answer> = {
  json: T;
  compressed: (encoding: AnswerEncoding) => Promise<Buffer>;
  /** The compressed bytes if already made, or made at once for a small answer (compression.ts). */
  compressedNow: (encoding: AnswerEncoding) => Buffer | undefined;
};

export type AnswerCache = {
  /**
   * The answer for `key` at model version `version`: the kept one, or `compute()` (kept when
   * `key` was asked before and the answer fits the limits).
   */
  answer: <T extends Answer>(key: string, version: number, compute: () => T) => KeptAnswer<T>;
  /** The kept answer for `key` at `version`, without computing one. */
  peek: (key: string, version: number) => KeptAnswer<Answer> | undefined;
  /** Kept answers and their bytes (tests, metrics). */
  stats: () => { entries: number; bytes: number };
};

function sizeOf(answer: Answer): number {
  // Two bytes per UTF-16 unit overestimates an ASCII string, which is the safe side.
  return typeof answer === 'string' ? answer.length * 2 : answer.length;
}

/**
 * FNV-1a over the key's UTF-16 units (FNV, draft-eastlake-fnv): a 32-bit integer, which a Set
 * holds without an object of its own.
 */
export function fingerprint(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/**
 * A set of fingerprints in a fixed table (open addressing, linear probing), at most `capacity`
 * of them, kept under a third full. Zero marks a free slot, so a zero fingerprint is stored as
 * one: the same as two keys sharing a fingerprint.
 */
export class AskedPrints {
  private readonly slots: Int32Array;
  private readonly mask: number;
  size = 0;

  constructor(readonly capacity: number) {
    let length = 8;
    while (length < capacity * 3) length *= 2;
    this.slots = new Int32Array(length);
    this.mask = length - 1;
  }

  /** The slot holding `print`, or the free slot where it would go. */
  private slotOf(print: number): number {
    // Fibonacci hashing spreads fingerprints that differ in few bits over the table.
    let slot = Math.imul(print, 0x9e3779b1) >>> 0;
    for (;;) {
      slot &= this.mask;
      const held = this.slots[slot] as number;
      if (held === 0 || held === print) return slot;
      slot++;
    }
  }

  has(print: number): boolean {
    return this.slots[this.slotOf(print || 1)] !== 0;
  }

  /** Adds `print` unless the table holds `capacity` already; false when it was full. */
  add(print: number): boolean {
    const stored = print || 1;
    const slot = this.slotOf(stored);
    if (this.slots[slot] !== 0) return true;
    if (this.size >= this.capacity) return false;
    this.slots[slot] = stored;
    this.size++;
    return true;
  }

  clear(): void {
    this.slots.fill(0);
    this.size = 0;
  }
}

type Entry = { answer: KeptAnswer<Answer>; bytes: number };

export function createAnswerCache(
  limits: AnswerCacheLimits = defaultAnswerCacheLimits,
): AnswerCache {
  let entries = new Map<string, Entry>();
  let version = -1;
  let bytes = 0;
  let askedPrints = new AskedPrints(limits.maxEntries);
  let askedPrintsBefore = new AskedPrints(limits.maxEntries);

  /** Whether `key` was asked before (and now remembers that it was). */
  function isAskedAgain(key: string): boolean {
    const asked = fingerprint(key);
    if (askedPrints.has(asked) || askedPrintsBefore.has(asked)) return true;
    if (!askedPrints.add(asked)) {
      // The generation is full: it becomes the one before, and the oldest is emptied for reuse.
      const emptied = askedPrintsBefore;
      emptied.clear();
      askedPrintsBefore = askedPrints;
      askedPrints = emptied;
      askedPrints.add(asked);
    }
    return false;
  }

  /** Empties the cache for a newer version; true when `asked` is older than the kept one. */
  function isStale(asked: number): boolean {
    if (asked > version) {
      entries = new Map();
      bytes = 0;
      version = asked;
    }
    return asked < version;
  }

  function makeRoom(size: number): void {
    // Oldest out first: a Map iterates in insertion order.
    while (entries.size >= limits.maxEntries || bytes + size > limits.maxBytes) {
      const oldest = entries.entries().next();
      if (oldest.done) return;
      entries.delete(oldest.value[0]);
      bytes -= oldest.value[1].bytes;
    }
  }

  /**
   * The answer with its compressed copies, each made on first use; `counted` learns their size.
   * Every new search makes one (kept or not), so the copies sit in two small records filled on
   * demand rather than two Maps per answer.
   */
  function keep(json: Answer, counted: (bytes: number) => void): KeptAnswer<Answer> {
    const made: Partial<Record<AnswerEncoding, Promise<Buffer>>> = {};
    const done: Partial<Record<AnswerEncoding, Buffer>> = {};
    return {
      json,
      compressed(encoding) {
        const ready = done[encoding];
        if (ready) return Promise.resolve(ready);
        let bytesOf = made[encoding];
        if (!bytesOf) {
          bytesOf = compress(json, encoding);
          made[encoding] = bytesOf;
          bytesOf.then(
            (compressed) => {
              done[encoding] = compressed;
              counted(compressed.length);
            },
            () => delete made[encoding],
          );
        }
        return bytesOf;
      },
      compressedNow(encoding) {
        const ready = done[encoding];
        if (ready || made[encoding]) return ready;
        // Small answers (a list page) are compressed at once: cheaper than the thread pool.
        const now = compressNow(json, encoding);
        if (now) {
          done[encoding] = now;
          counted(now.length);
        }
        return now;
      },
    };
  }

  return {
    answer<T extends Answer>(key: string, asked: number, compute: () => T): KeptAnswer<T> {
      // An answer computed before a change that another request has already seen is stale:
      // computed again and not kept.
      const stale = isStale(asked);
      const found = stale ? undefined : entries.get(key);
      if (found) return found.answer as KeptAnswer<T>;
      const json = compute();
      const size = sizeOf(json);
      const again = isAskedAgain(key);
      if (stale || size > limits.maxAnswerBytes || !again) {
        return keep(json, () => {}) as KeptAnswer<T>;
      }
      makeRoom(size);
      const entry: Entry = {
        answer: keep(json, (compressed) => {
          // Counted while the entry is still the kept one.
          if (entries.get(key) !== entry) return;
          entry.bytes += compressed;
          bytes += compressed;
        }),
        bytes: size,
      };
      entries.set(key, entry);
      bytes += size;
      return entry.answer as KeptAnswer<T>;
    },
    peek(key, asked) {
      return isStale(asked) ? undefined : entries.get(key)?.answer;
    },
    stats: () => ({ entries: entries.size, bytes }),
  };
}
