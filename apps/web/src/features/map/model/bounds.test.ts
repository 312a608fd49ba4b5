import { describe, expect, it } from 'vitest';
import { containsBounds, distanceKm, fetchAreaFor } from './bounds';

describe('fetch area', () => {
  const viewport = { south: 55.7, west: 37.5, north: 55.8, east: 37.7 };

  it('covers the viewport with room to pan: a nudged viewport needs no new request', () => {
    const area = fetchAreaFor(viewport);
    expect(containsBounds(area, viewport)).toBe(true);
    expect(containsBounds(area, { south: 55.72, west: 37.55, north: 55.82, east: 37.75 })).toBe(true);
    expect(containsBounds(area, { south: 56.5, west: 37.5, north: 56.6, east: 37.7 })).toBe(false);
  });

  it('stays within the limits the API accepts', () => {
    const world = fetchAreaFor({ south: -80, west: -400, north: 80, east: 400 });
    expect(world).toEqual({ south: -85, west: -180, north: 85, east: 180 });
  });
});

describe('distanceKm', () => {
  it('measures Moscow to Saint Petersburg at about 634 km', () => {
    expect(distanceKm({ lat: 55.7558, lng: 37.6173 }, { lat: 59.9343, lng: 30.3351 })).toBeCloseTo(634, -1);
  });
});
