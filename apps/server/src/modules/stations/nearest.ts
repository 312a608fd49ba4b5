import { hasPortInRange } from './filter-masks';
import type { StationFilter, Viewer } from './search';
import {
  BLOCK_SHIFT,
  FLAG_PRIVATE,
  FLAG_SHARED,
  FREE_TYPES_SHIFT,
  SOCKET_TYPES,
  type Snapshot,
} from './snapshot';
import { BAND_DEGREES, bandOf, lowerBound } from './spatial-index';
import { before, heapKeys, heapTags, pop, push, queue } from './walk-queue';
import {
  begin,
  RAD,
  release,
  streamBand,
  streamCosHi,
  streamCosLo,
  streamDir,
  streamLeft,
  streamNext,
  streamSinHi,
  streamSinLo,
  w,
} from './walk-state';

// Nearest first without scanning the circle: a best-first walk over the band index
// (spatial-index.ts). Every latitude band is two streams of stations going east and west
// from the query's longitude; a stream's key is a lower bound of the distance to every
// station it still holds, and bands not yet opened wait behind the latitude gap to them. One
// priority queue holds streams, unopened bands and stations found; a station leaves it only
// when nothing left can be nearer, so stations come out nearest first, the filter applied on
// the way, and the walk stops once the page is full or the radius is passed.
//
// Keys are squared chords of unit vectors (geo.ts), the same numbers the scan compares, so
// the order is the scan's: by key, equal keys by snapshot position (the scan's order).

/** Lower bounds are lowered by this (a few ulps of 2 - 2cos): never above a station's key. */
const SLACK = 4e-15;

/** Entry kinds in the queue, ordered so that at one key bounds come before stations. */
const BAND_NORTH = -3;
const BAND_SOUTH = -2;
// Streams are -4 - stream; stations are their snapshot position (>= 0).

export type NearestWalk = {
  /** Snapshot positions of the matches found, nearest first; entries 0 … count-1. */
  positions: number[];
  keys: number[];
  count: number;
  /**
   * True when the walk went through every station in the area: `count` is then every match,
   * and a zero says why (`inArea`).
   */
  isComplete: boolean;
  /**
   * Stations in the area and visible, before the port test (only meaningful when complete, and
   * only as zero or not: a walk that found nothing stops at the first such station).
   */
  inArea: number;
  /** Stations the walk looked at. */
  visited: number;
  /** Stations the walk stepped over in blocks that cannot pass the port test. */
  skipped: number;
};

/** Squared chord of an angle in radians. */
function chordOfAngle(angle: number): number {
  const s = Math.sin(angle / 2);
  return 4 * s * s;
}

/**
 * Lower bound of the squared chord to the next station of stream `stream`, into `w.bound`: the
 * nearest point at that station's offset in longitude over the band's latitudes, the maximum
 * of sin φ·sin φq + cos φ·cos φq·cos Δλ, a sinusoid in φ (at one of its ends or its crest).
 * False when the station lies in the other stream's half of the band's ring. Reads and writes
 * its doubles through the state: a double passed to or returned from a call that is not
 * inlined is a new heap number.
 */
function streamBound(stream: number): boolean {
  // Eastward offset from the query, 0 … 360: east takes 0 … 180, west the rest, so the two
  // streams go round the band's ring and meet, each station once.
  let offset = (w.lngs[streamNext[stream] as number] as number) - w.qLng;
  if (offset < 0) offset += 360;
  if ((streamDir[stream] as number) > 0) {
    if (offset > 180) return false;
  } else {
    if (offset <= 180) return false;
    offset = 360 - offset;
  }
  const sinQ = w.sinQ;
  const sinLo = streamSinLo[stream] as number;
  const cosLo = streamCosLo[stream] as number;
  const sinHi = streamSinHi[stream] as number;
  const cosHi = streamCosHi[stream] as number;
  const b = w.cosQ * Math.cos(offset * RAD);
  let best = Math.max(sinQ * sinLo + b * cosLo, sinQ * sinHi + b * cosHi);
  if (sinQ * cosLo - b * sinLo > 0 && sinQ * cosHi - b * sinHi < 0) {
    best = Math.sqrt(sinQ * sinQ + b * b);
  }
  w.bound = Math.max(0, 2 - 2 * Math.min(1, best) - SLACK);
  return true;
}

/** True unless no station of the block can pass the port test (snapshot.ts blocks). */
function blockMayPass(block: number): boolean {
  let types = (w.blockBits[block] as number) & w.portBits;
  if (types === 0) return false;
  if (!w.checkPower) return true;
  // A chosen type whose connectors in the block reach into the power range.
  if (w.onlyAvailable) types >>>= FREE_TYPES_SHIFT;
  const base = block * SOCKET_TYPES;
  const { blockTypeMinW, blockTypeMaxW, minW, maxW } = w;
  for (let type = 0; types !== 0; type++, types >>>= 1) {
    if ((types & 1) === 0) continue;
    if (
      (blockTypeMaxW[base + type] as number) >= minW &&
      (blockTypeMinW[base + type] as number) <= maxW
    )
      return true;
  }
  return false;
}

/**
 * Steps the stream over the blocks none of whose stations can pass the port test: what is
 * skipped is not a match, so the order of what is found is the same. False when the stream
 * is done.
 */
function skipToPossible(stream: number): boolean {
  let i = streamNext[stream] as number;
  if (blockMayPass(i >> BLOCK_SHIFT)) return true;
  let left = streamLeft[stream] as number;
  const band = streamBand[stream] as number;
  const from = w.bandStarts[band] as number;
  const to = w.bandStarts[band + 1] as number;
  const east = (streamDir[stream] as number) > 0;
  do {
    const block = i >> BLOCK_SHIFT;
    let steps: number;
    if (east) {
      const end = Math.min((block + 1) << BLOCK_SHIFT, to);
      steps = end - i;
      i = end === to ? from : end;
    } else {
      const start = Math.max(block << BLOCK_SHIFT, from);
      steps = i - start + 1;
      i = start === from ? to - 1 : start - 1;
    }
    w.skipped += Math.min(steps, left);
    left -= steps;
  } while (left > 0 && !blockMayPass(i >> BLOCK_SHIFT));
  streamNext[stream] = i;
  streamLeft[stream] = Math.max(0, left);
  return left > 0;
}

/** The bound of the stream's next station into `w.bound`; false when the stream is done. */
function nextBound(stream: number): boolean {
  if ((streamLeft[stream] as number) <= 0) return false;
  if (!w.areaOnly && !skipToPossible(stream)) return false;
  return streamBound(stream);
}

function queueStream(stream: number): void {
  if (nextBound(stream) && w.bound <= w.maxChord) push(w.bound, -4 - stream);
}

function openBand(band: number): void {
  const from = w.bandStarts[band] as number;
  const to = w.bandStarts[band + 1] as number;
  const size = to - from;
  if (size === 0) return;
  // The first station at or east of the query's longitude.
  const atOrEast = lowerBound(w.lngs, from, to, w.qLng);
  const start = atOrEast === to ? from : atOrEast;
  const south = (band * BAND_DEGREES - 90) * RAD;
  const north = Math.min(90, (band + 1) * BAND_DEGREES - 90) * RAD;
  const sinLo = Math.sin(south);
  const cosLo = Math.cos(south);
  const sinHi = Math.sin(north);
  const cosHi = Math.cos(north);
  const eastStream = w.streams;
  w.streams += 2;
  for (let stream = eastStream; stream < eastStream + 2; stream++) {
    const east = stream === eastStream;
    streamBand[stream] = band;
    streamNext[stream] = east ? start : start === from ? to - 1 : start - 1;
    streamLeft[stream] = size;
    streamDir[stream] = east ? 1 : -1;
    streamSinLo[stream] = sinLo;
    streamCosLo[stream] = cosLo;
    streamSinHi[stream] = sinHi;
    streamCosHi[stream] = cosHi;
  }
  queueStream(eastStream);
  queueStream(eastStream + 1);
}

function queueBand(band: number, tag: number): void {
  if (band < w.firstBand || band > w.lastBand) return;
  const lo = band * BAND_DEGREES - 90;
  const hi = lo + BAND_DEGREES;
  const lat = w.nearLat;
  const gap = lat < lo ? lo - lat : lat > hi ? lat - hi : 0;
  const bound = Math.max(0, chordOfAngle(gap * RAD) - SLACK);
  if (bound <= w.maxChord) push(bound, tag);
}

/**
 * The scan's tests, in its order (search.ts findMatches): true for a match, its key then in
 * `w.key` (a double returned from a call that is not inlined would be a new heap number).
 */
function visitStation(i: number): boolean {
  w.visited++;
  const lat = w.lats[i] as number;
  if (lat < w.south || lat > w.north) return false;
  if (w.checkLng) {
    const lng = w.lngs[i] as number;
    const { west, east } = w;
    if (west <= east ? lng < west || lng > east : lng < west && lng > east) return false;
  }
  const bits = w.bitsOf[i] as number;
  if ((bits & w.flagBits) !== 0) {
    if ((bits & w.excluded) !== 0) return false;
    if ((bits & FLAG_PRIVATE) !== 0 && w.owner[i] !== w.viewerOwner && (bits & FLAG_SHARED) === 0)
      return false;
  }
  const dx = (w.ux[i] as number) - w.nx;
  const dy = (w.uy[i] as number) - w.ny;
  const dz = (w.uz[i] as number) - w.nz;
  const key = dx * dx + dy * dy + dz * dz;
  if (key > w.maxChord) return false;
  w.key = key;
  w.inArea++;
  if (w.areaOnly) return true;
  if ((bits & w.portBits) === 0) return false;
  if (w.checkPower) {
    if ((w.maxPowerW[i] as number) < w.minW) return false;
    if (!hasPortInRange(w.s, i, w.types, w.minW, w.maxW, w.onlyAvailable)) return false;
  }
  return true;
}

/**
 * Walks matching stations nearest first from `filter.near` until `limit` are found or none is
 * left within the radius (and bounds). The filter is the scan's (search.ts findMatches): kind,
 * visibility, one connector with a chosen type, power in range and (onlyAvailable) free.
 * One walk at a time: the steps share one state (walk-state.ts; synchronous, never interleaved).
 */
export function walkNearest(
  snapshot: Snapshot,
  filter: StationFilter,
  viewer: Viewer,
  limit: number,
  /** Stations in the area and visible, whatever their ports: only whether there is one. */
  areaOnly = false,
): NearestWalk {
  const near = filter.near;
  if (!near) throw new Error('walkNearest needs near');
  begin(snapshot, filter, viewer, near, areaOnly);
  const positions: number[] = [];
  const keys: number[] = [];
  const bandStarts = w.bandStarts;

  const home = Math.min(Math.max(bandOf(near.lat), w.firstBand), w.lastBand);
  let northBand = home;
  let southBand = home - 1;
  queueBand(northBand, BAND_NORTH);
  queueBand(southBand, BAND_SOUTH);

  while (queue.size > 0 && positions.length < limit) {
    const key = heapKeys[0] as number;
    const tag = heapTags[0] as number;
    pop();
    if (tag >= 0) {
      positions.push(tag);
      keys.push(key);
      continue;
    }
    if (tag === BAND_NORTH) {
      openBand(northBand);
      queueBand(++northBand, BAND_NORTH);
      continue;
    }
    if (tag === BAND_SOUTH) {
      openBand(southBand);
      queueBand(--southBand, BAND_SOUTH);
      continue;
    }
    // A stream: take its stations while none queued can be nearer than its next one.
    const stream = -4 - tag;
    const band = streamBand[stream] as number;
    const from = bandStarts[band] as number;
    const to = bandStarts[band + 1] as number;
    const dir = streamDir[stream] as number;
    for (;;) {
      const i = streamNext[stream] as number;
      streamNext[stream] = dir > 0 ? (i + 1 === to ? from : i + 1) : i === from ? to - 1 : i - 1;
      streamLeft[stream] = (streamLeft[stream] as number) - 1;
      const isMatch = visitStation(i);
      const key = w.key;
      const bound = nextBound(stream) ? w.bound : -1;
      const isLast = bound < 0 || bound > w.maxChord;
      if (isMatch) {
        // Nearer than everything queued and everything left in this stream: it is next.
        if (
          (isLast || key < bound) &&
          (queue.size === 0 || before(key, i, heapKeys[0] as number, heapTags[0] as number))
        ) {
          positions.push(i);
          keys.push(key);
          if (positions.length >= limit) {
            if (!isLast) push(bound, tag);
            break;
          }
        } else {
          push(key, i);
        }
      }
      if (isLast) break;
      if (queue.size > 0 && !before(bound, tag, heapKeys[0] as number, heapTags[0] as number)) {
        push(bound, tag);
        break;
      }
    }
  }
  const isComplete = queue.size === 0;
  const { visited, skipped } = w;
  let inArea = w.inArea;
  release();
  if (!areaOnly && isComplete && positions.length === 0 && inArea === 0 && skipped > 0) {
    // Nothing matched and some stations were stepped over unseen: whether the area holds a
    // visible station at all (the empty answer's reason) is a walk to the nearest one.
    inArea = walkNearest(snapshot, filter, viewer, 1, true).count;
  }
  return { positions, keys, count: positions.length, isComplete, inArea, visited, skipped };
}
