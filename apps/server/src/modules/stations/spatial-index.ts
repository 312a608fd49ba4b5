import type { Bounds } from './geo';

// A band index: the globe cut into latitude bands 0.02° high (about 2.2 km), stations stored
// band by band and sorted by longitude inside a band. A viewport is then one binary search
// per band and a contiguous run of stations; no tree to balance, and the station data itself
// is laid out in this order, so a query reads memory front to back.

export const BAND_DEGREES = 0.02;
export const BAND_COUNT = Math.round(180 / BAND_DEGREES);

export function bandOf(lat: number): number {
  const band = Math.floor((lat + 90) / BAND_DEGREES);
  return band < 0 ? 0 : band >= BAND_COUNT ? BAND_COUNT - 1 : band;
}

/** The permutation that sorts points by band, then longitude, then input position. */
export function bandOrder(lat: ArrayLike<number>, lng: ArrayLike<number>): Uint32Array {
  const bands = Uint32Array.from({ length: lat.length }, (_, i) => bandOf(lat[i] as number));
  const order = Uint32Array.from({ length: lat.length }, (_, i) => i);
  return order.sort(
    (a, b) =>
      (bands[a] as number) - (bands[b] as number) ||
      (lng[a] as number) - (lng[b] as number) ||
      a - b,
  );
}

/** Where each band starts in points sorted by `bandOrder`; `starts[BAND_COUNT]` is the end. */
export function bandStarts(sortedLat: ArrayLike<number>): Uint32Array {
  const starts = new Uint32Array(BAND_COUNT + 1);
  for (let i = 0; i < sortedLat.length; i++) starts[bandOf(sortedLat[i] as number) + 1]! += 1;
  for (let band = 0; band < BAND_COUNT; band++) starts[band + 1]! += starts[band] as number;
  return starts;
}

/** The first index in [from, to) whose value is not below `value` (`to` when none is). */
export function lowerBound(values: Float64Array, from: number, to: number, value: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function upperBound(values: Float64Array, from: number, to: number, value: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Index ranges [start, end) as a flat list (start0, end0, start1, end1 …) holding every point
 * in `bounds`. Longitudes inside a range are exact; latitudes only to the band, so the caller
 * still checks south and north. West > east takes both sides of the antimeridian.
 */
export function rangesInBounds(
  starts: Uint32Array,
  sortedLng: Float64Array,
  bounds: Bounds,
): number[] {
  const ranges: number[] = [];
  const push = (start: number, end: number) => {
    if (start >= end) return;
    // Neighbouring bands with all longitudes make one run.
    if (ranges.length > 0 && ranges[ranges.length - 1] === start) ranges[ranges.length - 1] = end;
    else ranges.push(start, end);
  };
  const allLongitudes = bounds.west <= -180 && bounds.east >= 180;
  const first = bandOf(bounds.south);
  const last = bandOf(bounds.north);
  for (let band = first; band <= last; band++) {
    const from = starts[band] as number;
    const to = starts[band + 1] as number;
    if (from === to) continue;
    if (allLongitudes) {
      push(from, to);
    } else if (bounds.west <= bounds.east) {
      push(
        lowerBound(sortedLng, from, to, bounds.west),
        upperBound(sortedLng, from, to, bounds.east),
      );
    } else {
      push(from, upperBound(sortedLng, from, to, bounds.east));
      push(lowerBound(sortedLng, from, to, bounds.west), to);
    }
  }
  return ranges;
}
