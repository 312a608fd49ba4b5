import type { DrawItem, Placed } from './draw-items';

// The keyboard's way through the markers of the canvas (WAI-ARIA APG, listbox with
// aria-activedescendant): one focusable element stands for them all, the arrow keys move a
// focus that the canvas draws as a ring. Only what the map shows counts, nearest to its
// centre first, so the first arrow press lands where the driver is looking.

/** The same station (its index in the answer) or the same cluster (its id, or its place). */
export function sameItem(a: DrawItem, b: DrawItem): boolean {
  if (a.kind === 'station' && b.kind === 'station') return a.index === b.index;
  if (a.kind === 'cluster' && b.kind === 'cluster') {
    return a.clusterId >= 0 || b.clusterId >= 0 ? a.clusterId === b.clusterId : a.lat === b.lat && a.lng === b.lng;
  }
  return false;
}

/**
 * The markers inside a width × height view, nearest to its centre first; at the same distance
 * top to bottom, then left to right, so the order never depends on the drawing order.
 */
export function keyboardOrder(placed: readonly Placed[], width: number, height: number): Placed[] {
  const cx = width / 2;
  const cy = height / 2;
  const distance = (p: Placed) => Math.round(Math.hypot(p.x - cx, p.y - cy));
  return placed
    .filter((p) => p.x >= 0 && p.y >= 0 && p.x <= width && p.y <= height)
    .sort((a, b) => distance(a) - distance(b) || a.y - b.y || a.x - b.x);
}

export type MoveKey = 'ArrowDown' | 'ArrowRight' | 'ArrowUp' | 'ArrowLeft' | 'Home' | 'End';

export function isMoveKey(key: string): key is MoveKey {
  return key === 'ArrowDown' || key === 'ArrowRight' || key === 'ArrowUp' || key === 'ArrowLeft' || key === 'Home' || key === 'End';
}

/**
 * Where a key moves the focus among `count` markers from `current` (-1: none yet). Down and
 * right go outwards, up and left back towards the centre; the ends stay put (APG listbox).
 */
export function moveFocus(key: MoveKey, current: number, count: number): number {
  if (count === 0) return -1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (current < 0) return 0;
  const step = key === 'ArrowDown' || key === 'ArrowRight' ? 1 : -1;
  return Math.min(count - 1, Math.max(0, current + step));
}
