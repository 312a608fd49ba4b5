import { describe, expect, it } from 'vitest';
import { HISTOGRAM_BUCKETS, smallestK } from './top-k';

function reference(keys: number[], k: number): number[] {
  return keys
    .map((key, entry) => ({ key, entry }))
    .sort((a, b) => a.key - b.key || a.entry - b.entry)
    .slice(0, k)
    .map((e) => e.entry);
}

describe('smallestK', () => {
  it.each([
    [0, 5],
    [1, 1],
    [10, 3],
    [1000, 50],
    [1000, 400],
    [1000, 2000],
  ])('picks the k smallest of %i keys (k=%i) in order', (n, k) => {
    // Few distinct keys, so ties are common and must go to the earlier entry.
    const keys = Array.from({ length: n }, (_, i) => ((i * 7919) % 97) / 7);
    expect([...smallestK(Float64Array.from(keys), n, k)]).toEqual(reference(keys, k));
  });

  it('uses a histogram counted beforehand over [0, max]', () => {
    const keys = Array.from({ length: 2000 }, (_, i) => ((i * 7919) % 1009) / 1009);
    const scale = (HISTOGRAM_BUCKETS - 1) / 1;
    const counts = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
    for (const key of keys) counts[(key * scale) | 0]! += 1;
    const histogram = { min: 0, scale, counts };
    expect(smallestK(Float64Array.from(keys), keys.length, 60, histogram)).toEqual(
      reference(keys, 60),
    );
  });

  it('looks only at the first `count` entries', () => {
    const keys = Float64Array.from([5, 4, 3, 2, 1, 0]);
    expect([...smallestK(keys, 3, 2)]).toEqual([2, 1]);
  });
});
