// Great-circle geometry on a spherical Earth: accurate to about 0.5 %, far below what a
// driver notices, and cheap enough to run over every station in a viewport.

/** Mean Earth radius (IUGG). */
export const EARTH_RADIUS_KM = 6371.0088;

const RAD = Math.PI / 180;

export type LatLng = { lat: number; lng: number };

/** A box in degrees; `west > east` crosses the antimeridian. */
export type Bounds = { south: number; west: number; north: number; east: number };

/** Haversine distance in kilometres. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The point on the unit sphere. The straight-line (chord) distance between two such points
 * grows with the great-circle distance, so comparing squared chords sorts and cuts by
 * distance exactly, with three multiplications per station and no trigonometry.
 */
export function unitVector(lat: number, lng: number): [number, number, number] {
  const cosLat = Math.cos(lat * RAD);
  return [cosLat * Math.cos(lng * RAD), cosLat * Math.sin(lng * RAD), Math.sin(lat * RAD)];
}

/** The squared chord of a great-circle distance (Infinity past half the globe: everything). */
export function squaredChordForKm(km: number): number {
  const angle = km / EARTH_RADIUS_KM;
  if (angle >= Math.PI) return Infinity;
  const chord = 2 * Math.sin(angle / 2);
  return chord * chord;
}

export function kmForSquaredChord(squaredChord: number): number {
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(squaredChord) / 2));
}

/** Whether a longitude lies in [west, east], across the antimeridian when west > east. */
export function lngInRange(lng: number, west: number, east: number): boolean {
  return west <= east ? lng >= west && lng <= east : lng >= west || lng <= east;
}

export function inBounds(point: LatLng, bounds: Bounds): boolean {
  return (
    point.lat >= bounds.south &&
    point.lat <= bounds.north &&
    lngInRange(point.lng, bounds.west, bounds.east)
  );
}

function wrapLng(lng: number): number {
  if (lng < -180) return lng + 360;
  if (lng > 180) return lng - 360;
  return lng;
}

/**
 * The smallest lat/lng box holding every point within `radiusKm` of the centre. Near a pole
 * the circle spans all longitudes; across the antimeridian the box has west > east.
 */
export function circleBounds(center: LatLng, radiusKm: number): Bounds {
  const angle = radiusKm / EARTH_RADIUS_KM;
  const south = center.lat - angle / RAD;
  const north = center.lat + angle / RAD;
  if (angle >= Math.PI / 2 || south <= -90 || north >= 90) {
    return { south: Math.max(-90, south), west: -180, north: Math.min(90, north), east: 180 };
  }
  // The widest longitude of a cap without a pole is asin(sin r / cos lat), not r / cos lat.
  const dLng = Math.asin(Math.min(1, Math.sin(angle) / Math.cos(center.lat * RAD))) / RAD;
  const west = wrapLng(center.lng - dLng);
  const east = wrapLng(center.lng + dLng);
  return { south, west, north, east };
}
