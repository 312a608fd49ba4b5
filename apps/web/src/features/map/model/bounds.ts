import type { Bounds, LatLng } from './filter';

// The map asks the server for a padded area around the viewport and asks again only when the
// viewport leaves it, so panning a little or zooming in costs no request.

const MAX_LAT = 85;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The viewport grown by `ratio` of its size on every side, snapped outward to a grid. */
export function fetchAreaFor(viewport: Bounds, ratio = 0.5): Bounds {
  const height = viewport.north - viewport.south;
  const width = viewport.east - viewport.west;
  // A grid of about a quarter of the viewport: nearby viewports give the same request (cache).
  const step = Math.max(1e-4, 2 ** Math.floor(Math.log2(Math.max(width, height, 1e-4) / 4)));
  const south = Math.floor((viewport.south - height * ratio) / step) * step;
  const north = Math.ceil((viewport.north + height * ratio) / step) * step;
  let west = Math.floor((viewport.west - width * ratio) / step) * step;
  let east = Math.ceil((viewport.east + width * ratio) / step) * step;
  if (east - west >= 360) [west, east] = [-180, 180];
  return {
    south: clamp(south, -MAX_LAT, MAX_LAT),
    north: clamp(north, -MAX_LAT, MAX_LAT),
    west: clamp(west, -180, 180),
    east: clamp(east, -180, 180),
  };
}

export function containsBounds(outer: Bounds, inner: Bounds): boolean {
  const latInside = inner.south >= outer.south && inner.north <= outer.north;
  const innerWest = clamp(inner.west, -180, 180);
  const innerEast = clamp(inner.east, -180, 180);
  return latInside && innerWest >= outer.west && innerEast <= outer.east;
}

export function boundsCenter(bounds: Bounds): LatLng {
  return { lat: (bounds.south + bounds.north) / 2, lng: (bounds.west + bounds.east) / 2 };
}

/** Great-circle distance in km (haversine), for "x km away" without asking the server. */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}
