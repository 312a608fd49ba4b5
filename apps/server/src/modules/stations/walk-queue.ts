// The priority queue of the nearest-first walk (nearest.ts): streams, unopened bands and
// stations found, by key.

/** A binary min-heap of (key, tag) in parallel arrays; reused between walks. */
export const heapKeys: number[] = [];
export const heapTags: number[] = [];
/** Entries in the heap. */
export const queue = { size: 0 };

/** a before b: smaller key; at one key bounds (negative tags) first, then lower positions. */
export function before(ka: number, ta: number, kb: number, tb: number): boolean {
  return ka < kb || (ka === kb && ta < tb);
}

export function push(key: number, tag: number): void {
  let at = queue.size++;
  while (at > 0) {
    const parent = (at - 1) >> 1;
    const pk = heapKeys[parent] as number;
    const pt = heapTags[parent] as number;
    if (!before(key, tag, pk, pt)) break;
    heapKeys[at] = pk;
    heapTags[at] = pt;
    at = parent;
  }
  heapKeys[at] = key;
  heapTags[at] = tag;
}

/** Removes the top (read heapKeys[0] / heapTags[0] first). */
export function pop(): void {
  const size = --queue.size;
  if (size === 0) return;
  const key = heapKeys[size] as number;
  const tag = heapTags[size] as number;
  let at = 0;
  for (;;) {
    const left = 2 * at + 1;
    if (left >= size) break;
    const right = left + 1;
    let child = left;
    if (
      right < size &&
      before(
        heapKeys[right] as number,
        heapTags[right] as number,
        heapKeys[left] as number,
        heapTags[left] as number,
      )
    )
      child = right;
    if (!before(heapKeys[child] as number, heapTags[child] as number, key, tag)) break;
    heapKeys[at] = heapKeys[child] as number;
    heapTags[at] = heapTags[child] as number;
    at = child;
  }
  heapKeys[at] = key;
  heapTags[at] = tag;
}
