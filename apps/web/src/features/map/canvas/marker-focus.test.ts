import { describe, expect, it } from 'vitest';
import type { DrawItem, Placed } from './draw-items';
import { keyboardOrder, moveFocus, sameItem } from './marker-focus';

const station = (index: number): DrawItem => ({ kind: 'station', index, lat: 0, lng: 0, availability: 0, chargeClass: 1, radius: 10 });
const cluster = (clusterId: number, lat = 0): DrawItem => ({ kind: 'cluster', clusterId, lat, lng: 0, count: 5, availability: 0, radius: 16 });
const at = (item: DrawItem, x: number, y: number): Placed => ({ item, x, y });

describe('the keyboard’s order of the markers', () => {
  it('keeps only the markers in view, nearest to the centre first', () => {
    const order = keyboardOrder([at(station(1), 10, 10), at(station(2), 210, 150), at(cluster(7), 100, 100), at(station(3), -5, 100), at(station(4), 100, 401)], 400, 300);
    expect(order.map((p) => p.item.kind === 'station' ? `s${p.item.index}` : `c${p.item.clusterId}`)).toEqual(['s2', 'c7', 's1']);
  });

  it('orders markers at the same distance top to bottom, then left to right', () => {
    const order = keyboardOrder([at(station(1), 150, 200), at(station(2), 250, 100), at(station(3), 150, 100)], 400, 300);
    expect(order.map((p) => (p.item as { index: number }).index)).toEqual([3, 2, 1]);
  });
});

describe('moving the focus', () => {
  it('goes outwards with down and right, back with up and left, and stops at the ends', () => {
    expect(moveFocus('ArrowDown', 0, 3)).toBe(1);
    expect(moveFocus('ArrowRight', 1, 3)).toBe(2);
    expect(moveFocus('ArrowDown', 2, 3)).toBe(2);
    expect(moveFocus('ArrowUp', 2, 3)).toBe(1);
    expect(moveFocus('ArrowLeft', 0, 3)).toBe(0);
  });

  it('jumps to the first and the last with Home and End, and starts at the first', () => {
    expect(moveFocus('Home', 2, 3)).toBe(0);
    expect(moveFocus('End', 0, 3)).toBe(2);
    expect(moveFocus('ArrowDown', -1, 3)).toBe(0);
    expect(moveFocus('ArrowDown', -1, 0)).toBe(-1);
  });
});

describe('the same marker from frame to frame', () => {
  it('is the same station index, the same cluster id, or for a quick grid cluster the same place', () => {
    expect(sameItem(station(4), station(4))).toBe(true);
    expect(sameItem(station(4), station(5))).toBe(false);
    expect(sameItem(cluster(9), cluster(9, 5))).toBe(true);
    expect(sameItem(cluster(-1, 3), cluster(-1, 3))).toBe(true);
    expect(sameItem(cluster(-1, 3), cluster(-1, 4))).toBe(false);
    expect(sameItem(station(1), cluster(1))).toBe(false);
  });
});
