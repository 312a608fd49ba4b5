import { describe, expect, it } from 'vitest';
import {
  circleBounds,
  distanceKm,
  inBounds,
  kmForSquaredChord,
  lngInRange,
  squaredChordForKm,
  unitVector,
} from './geo';

const moscow = { lat: 55.7558, lng: 37.6173 };
const petersburg = { lat: 59.9386, lng: 30.3141 };

function squaredChord(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const [ax, ay, az] = unitVector(a.lat, a.lng);
  const [bx, by, bz] = unitVector(b.lat, b.lng);
  return (ax - bx) ** 2 + (ay - by) ** 2 + (az - bz) ** 2;
}

describe('distances', () => {
  it.each([
    ['Moscow–Saint Petersburg', moscow, petersburg, 634.4],
    ['across the antimeridian', { lat: 0, lng: 179.5 }, { lat: 0, lng: -179.5 }, 111.2],
    ['pole to equator', { lat: 90, lng: 0 }, { lat: 0, lng: 123 }, 10_007.6],
    ['the same point', moscow, moscow, 0],
  ])('%s', (_name, a, b, km) => {
    expect(distanceKm(a, b)).toBeCloseTo(km, 0);
    // The chord the read model compares gives the same great-circle distance back.
    expect(kmForSquaredChord(squaredChord(a, b))).toBeCloseTo(distanceKm(a, b), 6);
  });

  it('turns a radius into a chord that cuts exactly at the radius', () => {
    const chord = squaredChordForKm(634);
    expect(squaredChord(moscow, petersburg)).toBeGreaterThan(chord);
    expect(squaredChord(moscow, petersburg)).toBeLessThan(squaredChordForKm(635));
    expect(squaredChordForKm(20_100)).toBe(Infinity);
  });
});

describe('boxes', () => {
  it('checks longitudes on both sides of the antimeridian', () => {
    expect(lngInRange(179, 170, -170)).toBe(true);
    expect(lngInRange(-175, 170, -170)).toBe(true);
    expect(lngInRange(0, 170, -170)).toBe(false);
    expect(inBounds({ lat: 10, lng: 5 }, { south: 0, west: 0, north: 10, east: 10 })).toBe(true);
    expect(inBounds({ lat: 11, lng: 5 }, { south: 0, west: 0, north: 10, east: 10 })).toBe(false);
  });

  it.each([
    ['Moscow, 10 km', moscow, 10],
    ['far north, 300 km', { lat: 78, lng: 15 }, 300],
    ['on the antimeridian', { lat: -16.5, lng: 179.9 }, 50],
    ['near the south pole', { lat: -89.5, lng: 0 }, 100],
  ])('holds every point of a circle around %s', (_name, center, radiusKm) => {
    const box = circleBounds(center, radiusKm);
    // Walk the circle: points at the radius in 360 directions (spherical destination formula).
    for (let bearing = 0; bearing < 360; bearing += 1) {
      const d = (radiusKm * 0.999) / 6371.0088;
      const lat1 = (center.lat * Math.PI) / 180;
      const b = (bearing * Math.PI) / 180;
      const lat2 = Math.asin(
        Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b),
      );
      const lng2 =
        center.lng +
        (Math.atan2(
          Math.sin(b) * Math.sin(d) * Math.cos(lat1),
          Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
        ) *
          180) /
          Math.PI;
      const point = { lat: (lat2 * 180) / Math.PI, lng: ((lng2 + 540) % 360) - 180 };
      expect(inBounds(point, box), `bearing ${bearing}`).toBe(true);
    }
  });

  it('crosses the antimeridian with west > east and spans all longitudes at a pole', () => {
    const box = circleBounds({ lat: 0, lng: 179.9 }, 50);
    expect(box.west).toBeGreaterThan(box.east);
    expect(circleBounds({ lat: 89.9, lng: 0 }, 50)).toMatchObject({ west: -180, east: 180 });
  });
});
