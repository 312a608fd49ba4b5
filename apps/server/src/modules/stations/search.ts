import type { z } from 'zod';
import type { stationFilterSchema } from '@evcharge/api/stations/station-schemas';
import { circleBounds, kmForSquaredChord, squaredChordForKm, unitVector, type Bounds } from './geo';
import {
  FLAG_PRIVATE,
  FLAG_SHARED,
  type Snapshot,
} from './snapshot';
import { filterMasks, hasPortInRange } from './filter-masks';
import { rangesInBounds } from './spatial-index';
import { HISTOGRAM_BUCKETS, type KeyHistogram } from './top-k';

/** The filter after the contract's defaults. */
export type StationFilter = z.output<typeof stationFilterSchema>;

/**
 * Who asks: a visitor sees public stations and private ones shared at the moment, a driver also
 * their own private ones.
 */
export type Viewer = { userId: string | null };

export type EmptyReason = 'NO_STATIONS_FOUND' | 'NO_MATCHING_PORTS' | null;

/**
 * Matching stations in scan order: band by band from the south, west to east inside a band.
 * That order is the answer's order without `near` (a fixed geographic order, nothing to
 * sort); with `near` the keys give the distance order.
 *
 * The arrays are borrowed scratch memory, valid until the next findMatches: read them in the
 * same synchronous step (allocating and zeroing up to 1.2 MB per request cost more than the
 * scan of a city).
 */
export type Matches = {
  /** Snapshot positions; entries 0 … count-1 are set. */
  positions: Uint32Array;
  /** With `near`: the squared chord to it per entry (geo.ts), else unused. */
  keys: Float64Array;
  /** With `near` and a radius: a histogram of the keys, filled during the scan (top-k.ts). */
  histogram: KeyHistogram | null;
  count: number;
  hasNear: boolean;
  emptyReason: EmptyReason;
};

let scratchPositions = new Uint32Array(1024);
let scratchKeys = new Float64Array(1024);

function scratchFor(candidates: number): void {
  if (scratchPositions.length >= candidates) return;
  const size = Math.max(candidates, scratchPositions.length * 2);
  scratchPositions = new Uint32Array(size);
  scratchKeys = new Float64Array(size);
}

/** The latitude band and the longitude span a query has to look at, or null for all. */
function areaOf(filter: StationFilter): Bounds | null {
  const circle =
    filter.near?.radiusKm === undefined ? null : circleBounds(filter.near, filter.near.radiusKm);
  if (!filter.bounds) return circle;
  if (!circle) return filter.bounds;
  // Both: the viewport's longitudes, the tighter latitudes; exact checks do the rest.
  return {
    ...filter.bounds,
    south: Math.max(filter.bounds.south, circle.south),
    north: Math.min(filter.bounds.north, circle.north),
  };
}

/**
 * Every station matching the filter. A station matches when it is in the area, of a kind the
 * filter lets through, visible to the viewer, and ONE of its connectors has a chosen type,
 * a power in range and (with onlyAvailable) is free; a type on one connector and the power
 * on another is no match.
 */
export function findMatches(snapshot: Snapshot, filter: StationFilter, viewer: Viewer): Matches {
  const s = snapshot;
  const { types, minW, maxW, checkPower, onlyAvailable, portBits, excluded, flagBits, viewerOwner } =
    filterMasks(s, filter, viewer);
  const near = filter.near;
  const hasNear = near !== undefined;
  const [nx, ny, nz] = near ? unitVector(near.lat, near.lng) : [0, 0, 0];
  const maxChord = near?.radiusKm === undefined ? Infinity : squaredChordForKm(near.radiusKm);
  const area = areaOf(filter);
  const south = area?.south ?? -90;
  const north = area?.north ?? 90;
  const ranges = area ? rangesInBounds(s.bandStarts, s.lng, area) : [0, s.size];
  let candidates = 0;
  for (let r = 0; r < ranges.length; r += 2) {
    candidates += (ranges[r + 1] as number) - (ranges[r] as number);
  }
  scratchFor(candidates);
  const positions = scratchPositions;
  const keys = scratchKeys;
  // Keys of a radius query lie in [0, maxChord]: the histogram that picks the nearest page
  // can be counted here, saving the selection two passes over the matches.
  const histogram: KeyHistogram | null =
    hasNear && maxChord !== Infinity && maxChord > 0
      ? {
          min: 0,
          scale: (HISTOGRAM_BUCKETS - 1) / maxChord,
          counts: new Uint32Array(HISTOGRAM_BUCKETS),
        }
      : null;
  const counts = histogram?.counts;
  const scale = histogram?.scale ?? 0;

  // Locals, not snapshot fields, inside the loop: it runs up to 100,000 times per request.
  const { lat: lats, bits: bitsOf, owner, ux, uy, uz, maxPowerW } = s;
  let count = 0;
  let inArea = 0;
  for (let r = 0; r < ranges.length; r += 2) {
    const end = ranges[r + 1] as number;
    for (let i = ranges[r] as number; i < end; i++) {
      const lat = lats[i] as number;
      if (lat < south || lat > north) continue;
      const bits = bitsOf[i] as number;
      if ((bits & flagBits) !== 0) {
        if ((bits & excluded) !== 0) continue;
        // domain/private-station.ts: the owner always, others while it is shared.
        if ((bits & FLAG_PRIVATE) !== 0 && owner[i] !== viewerOwner && (bits & FLAG_SHARED) === 0)
          continue;
      }
      let key = 0;
      if (hasNear) {
        const dx = (ux[i] as number) - nx;
        const dy = (uy[i] as number) - ny;
        const dz = (uz[i] as number) - nz;
        key = dx * dx + dy * dy + dz * dz;
        if (key > maxChord) continue;
      }
      inArea++;
      if ((bits & portBits) === 0) continue;
      if (checkPower) {
        if ((maxPowerW[i] as number) < minW) continue;
        if (!hasPortInRange(s, i, types, minW, maxW, onlyAvailable)) continue;
      }
      positions[count] = i;
      keys[count] = key;
      if (counts) counts[(key * scale) | 0]! += 1;
      count++;
    }
  }
  const emptyReason: EmptyReason =
    count > 0 ? null : inArea === 0 ? 'NO_STATIONS_FOUND' : 'NO_MATCHING_PORTS';
  return { positions, keys, histogram, count, hasNear, emptyReason };
}

/** Whole metres from `near` for a match's key. */
export function metresOfKey(key: number): number {
  return Math.round(kmForSquaredChord(key) * 1000);
}
