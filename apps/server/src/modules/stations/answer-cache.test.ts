import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  AskedPrints,
  createAnswerCache,
  fingerprint,
  type AnswerCache,
  type AnswerCacheLimits,
} from './answer-cache';

const roomy: AnswerCacheLimits = { maxEntries: 100, maxBytes: 1 << 20, maxAnswerBytes: 1 << 16 };

/** Asks for `keys` once, at version 0: from then on their answers are kept. */
function askedOnce(cache: AnswerCache, ...keys: string[]): AnswerCache {
  for (const key of keys) cache.answer(key, 0, () => 'first ask');
  return cache;
}

describe('the answer cache', () => {
  it('keeps an answer from the second time its request is asked, then computes it no more in that model version', () => {
    const cache = createAnswerCache(roomy);
    const compute = vi.fn(() => Buffer.from('{"items":[]}'));
    const once = cache.answer('k', 1, compute);
    expect(cache.peek('k', 1)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
    const kept = cache.answer('k', 1, compute);
    expect(kept).not.toBe(once);
    expect(cache.answer('k', 1, compute)).toBe(kept);
    expect(compute).toHaveBeenCalledTimes(2);
    expect(cache.peek('k', 1)).toBe(kept);
    expect(cache.peek('other', 1)).toBeUndefined();
  });

  it('remembers what was asked across model versions, for as long as two generations of asks', () => {
    const cache = createAnswerCache({ ...roomy, maxEntries: 2 });
    cache.answer('a', 1, () => 'one');
    // A change later, asked again: kept.
    cache.answer('a', 2, () => 'two');
    expect(cache.peek('a', 2)?.json).toBe('two');
    // Four other requests fill two generations: 'b' is forgotten, asked again it is not kept.
    askedOnce(cache, 'b', 'c', 'd', 'e', 'f');
    cache.answer('b', 2, () => 'b again');
    expect(cache.peek('b', 2)).toBeUndefined();
  });

  it('forgets every answer when the model changes', () => {
    const cache = askedOnce(createAnswerCache(roomy), 'a', 'b');
    cache.answer('a', 1, () => 'one');
    cache.answer('b', 1, () => 'two');
    expect(cache.stats().entries).toBe(2);
    expect(cache.peek('a', 2)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
    expect(cache.answer('a', 2, () => 'newer').json).toBe('newer');
  });

  it('does not keep an answer computed for a version older than one already seen', () => {
    const cache = askedOnce(createAnswerCache(roomy), 'a', 'b');
    cache.answer('a', 5, () => 'current');
    expect(cache.answer('b', 4, () => 'late').json).toBe('late');
    expect(cache.peek('b', 5)).toBeUndefined();
    expect(cache.peek('b', 4)).toBeUndefined();
    expect(cache.peek('a', 5)?.json).toBe('current');
  });

  it('drops the oldest answers beyond the entry and byte limits, and never keeps a huge one', () => {
    const cache = askedOnce(
      createAnswerCache({ maxEntries: 2, maxBytes: 30, maxAnswerBytes: 20 }),
      'a',
      'b',
    );
    cache.answer('a', 1, () => Buffer.alloc(10));
    cache.answer('b', 1, () => Buffer.alloc(10));
    askedOnce(cache, 'c', 'd', 'huge');
    cache.answer('c', 1, () => Buffer.alloc(10));
    expect(cache.peek('a', 1)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 2, bytes: 20 });
    cache.answer('d', 1, () => Buffer.alloc(20));
    expect(cache.peek('b', 1)).toBeUndefined();
    expect(cache.peek('c', 1)).toBeDefined();
    expect(cache.stats()).toEqual({ entries: 2, bytes: 30 });
    expect(cache.answer('huge', 1, () => Buffer.alloc(21)).json).toHaveLength(21);
    expect(cache.peek('huge', 1)).toBeUndefined();
  });

  it('compresses a kept answer once per encoding and counts the compressed bytes', async () => {
    const cache = askedOnce(createAnswerCache(roomy), 'k');
    const json = JSON.stringify({
      items: Array.from({ length: 50 }, (_, i) => ({ name: `s${i}` })),
    });
    const kept = cache.answer('k', 1, () => json);
    const gzipped = kept.compressed('gzip');
    expect(kept.compressed('gzip')).toBe(gzipped);
    const bytes = await gzipped;
    expect(gunzipSync(bytes).toString()).toBe(json);
    expect(cache.stats().bytes).toBe(json.length * 2 + bytes.length);
  });

  it('remembers the searches asked by fingerprints that tell 20,000 near-alike keys apart', () => {
    // Keys as answerKey makes them: kind, viewer and the body's text, one digit apart.
    const keys = Array.from(
      { length: 20_000 },
      (_, i) =>
        `list||{"connectorTypes":["ccs2"],"near":{"lat":55.${7000 + (i % 100)},"lng":37.${6000 + Math.floor(i / 100)},"radiusKm":50},"page":1,"pageSize":20}`,
    );
    const prints = keys.map(fingerprint);
    expect(new Set(prints).size).toBe(keys.length);
    expect(prints.every((print) => Number.isInteger(print) && Math.abs(print) < 2 ** 31)).toBe(
      true,
    );
    expect(fingerprint(keys[0]!)).toBe(prints[0]);
  });

  it('holds fingerprints in a fixed table: each added one found, up to its capacity, none after a clear', () => {
    const prints = new AskedPrints(5_000);
    // Fingerprints of near-alike keys, the negative and zero ones among them.
    const added = Array.from({ length: 5_000 }, (_, i) => fingerprint(`list||${i}`));
    added.push(0, -1, 2 ** 31 - 1);
    const others = Array.from({ length: 5_000 }, (_, i) => fingerprint(`map||${i}`));
    const fitted = added.slice(0, 5_000);
    for (const print of fitted) expect(prints.add(print)).toBe(true);
    expect(prints.size).toBe(5_000);
    expect(fitted.every((print) => prints.has(print))).toBe(true);
    expect(others.filter((print) => prints.has(print))).toEqual([]);
    // Full: one already held is still there; a new one is refused and not held.
    expect(prints.add(fitted[0]!)).toBe(true);
    expect(prints.add(-1)).toBe(false);
    expect(prints.has(-1)).toBe(false);
    prints.clear();
    expect(prints.size).toBe(0);
    expect(fitted.some((print) => prints.has(print))).toBe(false);
    for (const print of [0, -1, 2 ** 31 - 1]) prints.add(print);
    expect([0, -1, 2 ** 31 - 1].every((print) => prints.has(print))).toBe(true);
  });
});
