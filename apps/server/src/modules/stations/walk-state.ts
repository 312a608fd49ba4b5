import { filterMasks } from './filter-masks';
import { squaredChordForKm, unitVector } from './geo';
import type { StationFilter, Viewer } from './search';
import { buildSnapshot, type Snapshot } from './snapshot';
import { bandOf } from './spatial-index';
import { queue } from './walk-queue';

// The state of the nearest-first walk (nearest.ts): the query, the filter as bit tests, the
// streams opened and the counters.

export const RAD = Math.PI / 180;

/** What a walk reads between walks, so that a snapshot replaced by a reload is not kept alive. */
const NO_STATIONS = buildSnapshot([]);

/**
 * One walk's query, filter and counters, in one object every walk reuses. The walk's steps
 * (nearest.ts) are functions of their module reading it, not closures made per walk: V8 keeps no
 * feedback for a closure made on every call, so it could not inline them into the walk's loop;
 * the distances they returned as new heap numbers and the stream arrays grown afresh on every
 * walk made about 45 bytes of garbage per station looked at. Fields start as the kind of value
 * they hold (doubles as NaN).
 */
class Walk {
  s = NO_STATIONS;
  lats = NO_STATIONS.lat;
  lngs = NO_STATIONS.lng;
  ux = NO_STATIONS.ux;
  uy = NO_STATIONS.uy;
  uz = NO_STATIONS.uz;
  bitsOf = NO_STATIONS.bits;
  owner = NO_STATIONS.owner;
  maxPowerW = NO_STATIONS.maxPowerW;
  bandStarts = NO_STATIONS.bandStarts;
  blockBits = NO_STATIONS.blockBits;
  blockTypeMinW = NO_STATIONS.blockTypeMinW;
  blockTypeMaxW = NO_STATIONS.blockTypeMaxW;
  types = 0;
  minW = NaN;
  maxW = NaN;
  checkPower = false;
  onlyAvailable = false;
  portBits = 0;
  excluded = 0;
  flagBits = 0;
  viewerOwner = 0;
  maxChord = NaN;
  south = NaN;
  north = NaN;
  west = NaN;
  east = NaN;
  checkLng = false;
  nx = NaN;
  ny = NaN;
  nz = NaN;
  nearLat = NaN;
  sinQ = NaN;
  cosQ = NaN;
  qLng = NaN;
  firstBand = 0;
  lastBand = 0;
  areaOnly = false;
  /** Streams opened so far (the stream arrays below keep their room from walk to walk). */
  streams = 0;
  /** The key of the station visitStation last passed. */
  key = NaN;
  /**
   * The bound nextBound last found. Doubles leave the walk's steps through these fields, not
   * return values: a double returned from a call that is not inlined is a new heap number, one
   * or two per station looked at, and the collections they cost.
   */
  bound = NaN;
  inArea = 0;
  visited = 0;
  skipped = 0;
}

export const w = new Walk();

// Streams: band, next index, steps left, direction (+1 east, -1 west), and the sine and cosine
// of the band's southern and northern edges; entries 0 … w.streams - 1, the arrays reused by
// every walk.
export const streamBand: number[] = [];
export const streamNext: number[] = [];
export const streamLeft: number[] = [];
export const streamDir: number[] = [];
export const streamSinLo: number[] = [];
export const streamCosLo: number[] = [];
export const streamSinHi: number[] = [];
export const streamCosHi: number[] = [];

/** Sets the walk's state for a query (the filter as filterMasks gives it). */
export function begin(
  snapshot: Snapshot,
  filter: StationFilter,
  viewer: Viewer,
  near: NonNullable<StationFilter['near']>,
  areaOnly: boolean,
): void {
  const masks = filterMasks(snapshot, filter, viewer);
  read(snapshot);
  w.types = masks.types;
  w.minW = masks.minW;
  w.maxW = masks.maxW;
  w.checkPower = masks.checkPower;
  w.onlyAvailable = masks.onlyAvailable;
  w.portBits = masks.portBits;
  w.excluded = masks.excluded;
  w.flagBits = masks.flagBits;
  w.viewerOwner = masks.viewerOwner;
  w.maxChord = near.radiusKm === undefined ? Infinity : squaredChordForKm(near.radiusKm);
  const bounds = filter.bounds;
  w.south = bounds?.south ?? -90;
  w.north = bounds?.north ?? 90;
  w.west = bounds?.west ?? -180;
  w.east = bounds?.east ?? 180;
  w.checkLng = bounds !== undefined && !(w.west <= -180 && w.east >= 180);
  const [nx, ny, nz] = unitVector(near.lat, near.lng);
  w.nx = nx;
  w.ny = ny;
  w.nz = nz;
  w.nearLat = near.lat;
  const qLat = near.lat * RAD;
  w.sinQ = Math.sin(qLat);
  w.cosQ = Math.cos(qLat);
  w.qLng = near.lng;
  w.firstBand = bandOf(Math.max(w.south, -90));
  w.lastBand = bandOf(Math.min(w.north, 90));
  w.areaOnly = areaOnly;
  w.inArea = 0;
  w.visited = 0;
  w.skipped = 0;
  w.streams = 0;
  queue.size = 0;
}

/** Lets go of the snapshot walked, so that one replaced by a reload is not kept alive by it. */
export function release(): void {
  read(NO_STATIONS);
}

/** The snapshot a walk reads, its columns held in the walk's fields. */
function read(snapshot: Snapshot): void {
  w.s = snapshot;
  w.lats = snapshot.lat;
  w.lngs = snapshot.lng;
  w.ux = snapshot.ux;
  w.uy = snapshot.uy;
  w.uz = snapshot.uz;
  w.bitsOf = snapshot.bits;
  w.owner = snapshot.owner;
  w.maxPowerW = snapshot.maxPowerW;
  w.bandStarts = snapshot.bandStarts;
  w.blockBits = snapshot.blockBits;
  w.blockTypeMinW = snapshot.blockTypeMinW;
  w.blockTypeMaxW = snapshot.blockTypeMaxW;
}
