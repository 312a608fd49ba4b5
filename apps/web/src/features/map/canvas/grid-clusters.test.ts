import { describe, expect, it } from 'vitest';
import { gridClusters } from './grid-clusters';

const points = {
  lat: [55.75, 55.7501, 55.7502, 59.93, -33.9],
  lng: [37.61, 37.6101, 37.6102, 30.31, 18.4],
  availability: [1, 0, 2, 1, 0],
  chargeClass: [2, 0, 1, 2, 0],
};

describe('gridClusters (the quick first frame for a large answer)', () => {
  it('bins close stations, keeps lone ones as stations and skips what is outside the view', () => {
    const items = gridClusters(points, [20, 40, 50, 70], 6);
    const cluster = items.find((item) => item.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', clusterId: -1, count: 3, availability: 0 });
    expect(items.find((item) => item.kind === 'station')).toMatchObject({ kind: 'station', index: 3, availability: 1, chargeClass: 2 });
    expect(items).toHaveLength(2);
  });

  it('separates them at street level', () => {
    expect(gridClusters(points, [37.6, 55.74, 37.62, 55.76], 19).every((item) => item.kind === 'station')).toBe(true);
  });
});
