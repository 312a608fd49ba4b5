import { describe, expect, it } from 'vitest';
import { createClusterSource } from './cluster-source';
import type { DrawItem } from './draw-items';

// Three stations a few metres apart in Almaty and one in Astana.
const points = {
  lat: [43.238, 43.2381, 43.2382, 51.16],
  lng: [76.945, 76.9451, 76.9452, 71.47],
  availability: [0, 1, 2, 0],
  chargeClass: [2, 1, 0, 1],
};

describe('the cluster source (a few thousand stations, indexed on the main thread)', () => {
  it('names the stations a cluster stands for, as indices into the answer', async () => {
    const source = createClusterSource(points, () => undefined);
    const items = source.itemsFor([60, 35, 90, 60], 5);
    const cluster = items.find((item): item is Extract<DrawItem, { kind: 'cluster' }> => item.kind === 'cluster')!;
    expect(cluster.count).toBe(3);
    expect(Array.from(await source.stationsIn(cluster)).sort()).toEqual([0, 1, 2]);
    source.destroy();
  });

  it('names none for a quick grid cluster, which has no index behind it', async () => {
    const source = createClusterSource(points, () => undefined);
    const standIn = { kind: 'cluster' as const, clusterId: -1, lat: 43.238, lng: 76.945, count: 3, availability: 0, radius: 16 };
    expect(Array.from(await source.stationsIn(standIn))).toEqual([]);
    source.destroy();
  });
});
