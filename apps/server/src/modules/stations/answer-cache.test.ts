import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createAnswerCache, type AnswerCacheLimits } from './answer-cache';

const roomy: AnswerCacheLimits = { maxEntries: 100, maxBytes: 1 << 20, maxAnswerBytes: 1 << 16 };

describe('the answer cache', () => {
  it('computes an answer once per model version', () => {
    const cache = createAnswerCache(roomy);
    const compute = vi.fn(() => Buffer.from('{"items":[]}'));
    const first = cache.answer('k', 1, compute);
    expect(cache.answer('k', 1, compute)).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(cache.peek('k', 1)).toBe(first);
    expect(cache.peek('other', 1)).toBeUndefined();
  });

  it('forgets every answer when the model changes', () => {
    const cache = createAnswerCache(roomy);
    cache.answer('a', 1, () => 'one');
    cache.answer('b', 1, () => 'two');
    expect(cache.peek('a', 2)).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
    expect(cache.answer('a', 2, () => 'newer').json).toBe('newer');
  });

  it('does not keep an answer computed for a version older than one already seen', () => {
    const cache = createAnswerCache(roomy);
    cache.answer('a', 5, () => 'current');
    expect(cache.answer('b', 4, () => 'late').json).toBe('late');
    expect(cache.peek('b', 5)).toBeUndefined();
    expect(cache.peek('b', 4)).toBeUndefined();
    expect(cache.peek('a', 5)?.json).toBe('current');
  });

  it('drops the oldest answers beyond the entry and byte limits, and never keeps a huge one', () => {
    const cache = createAnswerCache({ maxEntries: 2, maxBytes: 30, maxAnswerBytes: 20 });
    cache.answer('a', 1, () => Buffer.alloc(10));
    cache.answer('b', 1, () => Buffer.alloc(10));
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
    const cache = createAnswerCache(roomy);
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
});
