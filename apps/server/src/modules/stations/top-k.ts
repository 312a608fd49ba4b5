// The first page of 50 out of 20,000 matches needs the 50 smallest keys, not a full sort: a
// bounded max-heap keeps the best k seen so far. Working sets are plain arrays of small
// integers: allocating typed arrays (off-heap) cost more than the selection itself.

/** Entry a comes after entry b: larger key, or the same key and a later entry. */
function after(keys: Float64Array, a: number, b: number): boolean {
  const ka = keys[a] as number;
  const kb = keys[b] as number;
  return ka > kb || (ka === kb && a > b);
}

function siftDown(heap: number[], size: number, keys: Float64Array, from: number): void {
  let parent = from;
  for (;;) {
    const left = 2 * parent + 1;
    if (left >= size) return;
    const right = left + 1;
    const child =
      right < size && after(keys, heap[right] as number, heap[left] as number) ? right : left;
    if (!after(keys, heap[child] as number, heap[parent] as number)) return;
    const swap = heap[parent] as number;
    heap[parent] = heap[child] as number;
    heap[child] = swap;
    parent = child;
  }
}

/** The `size` smallest of `entries` (indexes into keys), ascending. */
function heapSelect(keys: Float64Array, entries: readonly number[], size: number): number[] {
  const heap = entries.slice(0, size);
  for (let i = (size >> 1) - 1; i >= 0; i--) siftDown(heap, size, keys, i);
  for (let j = size; j < entries.length; j++) {
    const entry = entries[j] as number;
    if (after(keys, entry, heap[0] as number)) continue;
    heap[0] = entry;
    siftDown(heap, size, keys, 0);
  }
  // Heapsort: move the largest to the end, one by one.
  for (let end = size - 1; end > 0; end--) {
    const largest = heap[0] as number;
    heap[0] = heap[end] as number;
    heap[end] = largest;
    siftDown(heap, end, keys, 0);
  }
  return heap;
}

export const HISTOGRAM_BUCKETS = 256;

/** Counts of keys per bucket: bucket = floor((key - min) * scale), 0 … HISTOGRAM_BUCKETS-1. */
export type KeyHistogram = { min: number; scale: number; counts: Uint32Array | number[] };

function histogramOf(keys: Float64Array, count: number): KeyHistogram | null {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < count; i++) {
    const key = keys[i] as number;
    if (key < min) min = key;
    if (key > max) max = key;
  }
  if (!(max > min)) return null;
  const scale = (HISTOGRAM_BUCKETS - 1) / (max - min);
  const counts = new Array<number>(HISTOGRAM_BUCKETS).fill(0);
  for (let i = 0; i < count; i++) counts[(((keys[i] as number) - min) * scale) | 0]! += 1;
  return { min, scale, counts };
}

/**
 * Entries 0 … count-1 of `keys` with the k smallest keys, in ascending order (ties: earlier
 * entry first, so answers are stable for one snapshot of the data). Matches arrive in scan
 * order, south to north, so distances first shrink and a plain heap would replace its top
 * at nearly every entry: a histogram of the keys (given, or counted here) finds the buckets
 * that hold the k smallest, and only their entries go through the heap.
 */
export function smallestK(
  keys: Float64Array,
  count: number,
  k: number,
  given: KeyHistogram | null = null,
): number[] {
  const size = Math.max(0, Math.min(k, count));
  const entries: number[] = [];
  const histogram = count > size * 4 ? (given ?? histogramOf(keys, count)) : null;
  if (!histogram) {
    for (let i = 0; i < count; i++) entries.push(i);
    return heapSelect(keys, entries, size);
  }
  const { min, scale, counts } = histogram;
  let last = 0;
  let chosen = counts[0] as number;
  while (chosen < size) chosen += counts[++last] as number;
  for (let i = 0; i < count; i++) {
    if (((((keys[i] as number) - min) * scale) | 0) <= last) entries.push(i);
  }
  return heapSelect(keys, entries, size);
}
