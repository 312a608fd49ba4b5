import { describe, expect, it } from 'vitest';
import { clusterRadius, hitTest, toDrawItems, type DrawItem } from '../canvas/draw-items';
import { buildClusterIndex, clusterAvailability, clusterPropsOf, mergeClusterProps, toClusterFeatures, type StationPoints } from './cluster-index';

function points(rows: [lat: number, lng: number, availability: number, chargeClass: number][]): StationPoints {
  return {
    ids: rows.map((_, i) => `s${i}`),
    lat: rows.map((r) => r[0]),
    lng: rows.map((r) => r[1]),
    availability: rows.map((r) => r[2]),
    chargeClass: rows.map((r) => r[3]),
    maxPowerKw: rows.map(() => 50),
    emptyReason: null,
  };
}

describe('toClusterFeatures (points answer → supercluster input)', () => {
  it('puts longitude first, as GeoJSON does, and keeps the index into the answer', () => {
    const [feature] = toClusterFeatures(points([[55.75, 37.61, 1, 2]]));
    expect(feature).toEqual({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [37.61, 55.75] },
      properties: { index: 0, availability: 1, chargeClass: 2 },
    });
  });

  it('ignores a ragged tail instead of inventing coordinates', () => {
    const ragged = { ...points([[1, 1, 0, 0], [2, 2, 0, 0]]), lat: [1] };
    expect(toClusterFeatures(ragged)).toHaveLength(1);
  });
});

describe('cluster properties', () => {
  it('counts free, busy, offline and fast stations', () => {
    const total = clusterPropsOf({ index: 0, availability: 0, chargeClass: 2 });
    mergeClusterProps(total, clusterPropsOf({ index: 1, availability: 2, chargeClass: 0 }));
    mergeClusterProps(total, clusterPropsOf({ index: 2, availability: 1, chargeClass: 1 }));
    expect(total).toEqual({ free: 1, busy: 1, offline: 1, fast: 1 });
  });

  it.each([
    [{ free: 1, busy: 5, offline: 5, fast: 0 }, 0],
    [{ free: 0, busy: 1, offline: 5, fast: 0 }, 1],
    [{ free: 0, busy: 0, offline: 3, fast: 0 }, 2],
  ])('colours a cluster free if any station is free: %j', (props, code) => {
    expect(clusterAvailability(props)).toBe(code);
  });
});

describe('buildClusterIndex and toDrawItems', () => {
  const data = points([
    [55.75, 37.61, 0, 2], [55.7501, 37.6101, 1, 0], [55.7502, 37.6102, 2, 1],
    [59.93, 30.31, 1, 2],
  ]);
  const index = buildClusterIndex(data);

  it('clusters close stations at a low zoom and keeps every station counted', () => {
    const items = toDrawItems(index.getClusters([-180, -85, 180, 85], 5));
    const count = items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0);
    expect(count).toBe(4);
    const moscow = items.find((item) => item.kind === 'cluster');
    expect(moscow).toMatchObject({ kind: 'cluster', count: 3, availability: 0 });
  });

  it('shows single stations at street level, free ones drawn last (on top)', () => {
    const items = toDrawItems(index.getClusters([37.6, 55.74, 37.62, 55.76], 19));
    expect(items.map((item) => item.kind)).toEqual(['station', 'station', 'station']);
    expect(items.at(-1)).toMatchObject({ kind: 'station', index: 0, availability: 0, chargeClass: 2, radius: 13 });
  });

  it('sizes bubbles by count, within bounds', () => {
    expect(clusterRadius(2)).toBeLessThan(clusterRadius(1000));
    expect(clusterRadius(100_000)).toBeLessThanOrEqual(24);
  });
});

describe('hitTest', () => {
  const station = (index: number): DrawItem => ({ kind: 'station', index, lat: 0, lng: 0, availability: 0, chargeClass: 0, radius: 10 });

  it('finds the marker under the finger, with a 44 px target for small ones', () => {
    const placed = [{ item: station(1), x: 100, y: 100 }, { item: station(2), x: 200, y: 100 }];
    expect(hitTest(placed, 104, 98)).toMatchObject({ index: 1 });
    expect(hitTest(placed, 119, 100)).toMatchObject({ index: 1 });
    expect(hitTest(placed, 150, 100)).toBeNull();
  });

  it('prefers the topmost marker where two overlap', () => {
    const placed = [{ item: station(1), x: 100, y: 100 }, { item: station(2), x: 104, y: 100 }];
    expect(hitTest(placed, 102, 100)).toMatchObject({ index: 2 });
  });
});
