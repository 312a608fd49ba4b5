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
// outlive the young generation and fill the old one for the next full collection to clear. Two
// keys sharing a fingerprint only mean an answer kept one ask early.

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

type Entry = { answer: KeptAnswer<Answer>; bytes: number };

export function createAnswerCache(
  limits: AnswerCacheLimits = defaultAnswerCacheLimits,
): AnswerCache {
  let entries = new Map<string, Entry>();
  let version = -1;
  let bytes = 0;
  let askedPrints = new Set<number>();
  let askedPrintsBefore = new Set<number>();

  /** Whether `key` was asked before (and now remembers that it was). */
  function isAskedAgain(key: string): boolean {
    const asked = fingerprint(key);
    if (askedPrints.has(asked) || askedPrintsBefore.has(asked)) return true;
    if (askedPrints.size >= limits.maxEntries) {
      askedPrintsBefore = askedPrints;
      askedPrints = new Set();
    }
    askedPrints.add(asked);
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

  /** The answer with its compressed copies, each made on first use; `counted` learns their size. */
  function keep(json: Answer, counted: (bytes: number) => void): KeptAnswer<Answer> {
    const made = new Map<AnswerEncoding, Promise<Buffer>>();
    const done = new Map<AnswerEncoding, Buffer>();
    return {
      json,
      compressed(encoding) {
        let bytesOf = made.get(encoding);
        if (!bytesOf) {
          bytesOf = compress(json, encoding);
          made.set(encoding, bytesOf);
          bytesOf.then(
            (compressed) => {
              done.set(encoding, compressed);
              counted(compressed.length);
            },
            () => made.delete(encoding),
          );
        }
        return bytesOf;
      },
      compressedNow(encoding) {
        let ready = done.get(encoding);
        if (ready || made.has(encoding)) return ready;
        // Small answers (a list page) are compressed at once: cheaper than the thread pool.
        ready = compressNow(json, encoding);
        if (ready) {
          done.set(encoding, ready);
          made.set(encoding, Promise.resolve(ready));
          counted(ready.length);
        }
        return ready;
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
