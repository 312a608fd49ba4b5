import type { NearestWalk } from './nearest';
import { metresOfKey, type EmptyReason, type Matches } from './search';
import type { Snapshot } from './snapshot';
import { smallestK } from './top-k';

// Answers written straight from the snapshot: each station's list item is kept as ready JSON
// (snapshot.ts), so a page is one buffer filled with copies instead of building, checking
// and stringifying 50-200 objects per request (docs/decisions/004-station-read-model.md).

/** The distances of the page being written, reused between pages. */
const metresOf: number[] = [];

/** Writes ASCII text byte by byte: cheaper than a Buffer call for the short bits between items. */
function writeAscii(out: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** What starts each item before its fragment: `{"distanceKm":`. */
const ITEM_HEAD = Uint8Array.from(Buffer.from('{"distanceKm":'));
const NULL_TEXT = Uint8Array.from(Buffer.from('null'));
const COMMA = 0x2c;
const DOT = 0x2e;
const ZERO = 0x30;

/** Decimal digits of a non-negative integer. */
function digitsOf(value: number): number {
  let digits = 1;
  for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  return digits;
}

/** Bytes of "1.234" for 1234 m: whole kilometres, a dot and three digits (JSON takes "1.200"). */
function kmLength(metres: number): number {
  return digitsOf(Math.floor(metres / 1000)) + 4;
}

/**
 * Writes the kilometres of `metres` as kmLength says, digit by digit from the end: integers
 * print far faster than floats, and no string is made per item.
 */
function writeKm(out: Buffer, at: number, metres: number, length: number): number {
  let rest = metres;
  const end = at + length;
  for (let p = end - 1; p >= at; p--) {
    if (p === end - 4) {
      out[p] = DOT;
      continue;
    }
    out[p] = ZERO + (rest % 10);
    rest = Math.floor(rest / 10);
  }
  return end;
}

/** The items of a page: snapshot positions and, nearest first, their keys (geo.ts). */
type PageItems = {
  /** Item j of the page is entry `entry(j)`; null: entries are in answer order already. */
  order: number[] | null;
  positions: ArrayLike<number>;
  keys: ArrayLike<number> | null;
};

/** stationPageSchema as JSON: page `page` of `pageSize`, nearest first with `near`. */
export function pageJson(
  snapshot: Snapshot,
  matches: Matches,
  page: number,
  pageSize: number,
): Buffer {
  const from = (page - 1) * pageSize;
  const to = Math.min(matches.count, from + pageSize);
  // Nearest first needs the closest `to` entries in order; otherwise scan order is the order.
  const sorted =
    matches.hasNear && from < to
      ? smallestK(matches.keys, matches.count, to, matches.histogram)
      : null;
  return writePage(
    snapshot,
    { order: sorted, positions: matches.positions, keys: matches.hasNear ? matches.keys : null },
    { from, to, page, pageSize, total: matches.count, totalIsExact: true },
    matches.emptyReason,
  );
}

/** stationPageSchema as JSON from a nearest-first walk (nearest.ts), already in order. */
export function walkPageJson(
  snapshot: Snapshot,
  walk: NearestWalk,
  page: number,
  pageSize: number,
): Buffer {
  const from = (page - 1) * pageSize;
  const to = Math.min(walk.count, from + pageSize);
  const reason: EmptyReason =
    walk.count > 0 ? null : walk.inArea === 0 ? 'NO_STATIONS_FOUND' : 'NO_MATCHING_PORTS';
  return writePage(
    snapshot,
    { order: null, positions: walk.positions, keys: walk.keys },
    { from, to, page, pageSize, total: walk.count, totalIsExact: walk.isComplete },
    reason,
  );
}

/**
 * Writes the page: a buffer filled with copies of the stations' kept fragments, each after
 * its own `{"distanceKm":…,` (nothing is serialized per request but the numbers, and those
 * byte by byte into the buffer).
 */
function writePage(
  snapshot: Snapshot,
  items: PageItems,
  at: {
    from: number;
    to: number;
    page: number;
    pageSize: number;
    total: number;
    totalIsExact: boolean;
  },
  emptyReason: EmptyReason,
): Buffer {
  const { from, to, page, pageSize, total, totalIsExact } = at;
  const { order, positions, keys } = items;
  // The distances in metres first (-1: none), and the answer's length from them.
  metresOf.length = 0;
  let length = Math.max(0, to - from - 1); // the commas between items
  // Each record is copied whole, its fragment and the rest of its row after it, which what
  // comes next writes over: a copy of a whole typed array makes no view of its part (as
  // Buffer#copy of a range does, one object per item). The last one's rest needs room.
  let overhang = 0;
  for (let j = from; j < to; j++) {
    const entry = order ? (order[j] as number) : j;
    const metres = keys ? metresOfKey(keys[entry] as number) : -1;
    metresOf.push(metres);
    length += ITEM_HEAD.length + (metres < 0 ? NULL_TEXT.length : kmLength(metres)) + 1;
    const position = positions[entry] as number;
    const fragment = snapshot.fragmentEnd[position] as number;
    length += fragment;
    overhang = Math.max(overhang, (snapshot.records[position] as Buffer).length - fragment);
  }
  const reason = emptyReason === null ? 'null' : `"${emptyReason}"`;
  const start = '{"items":[';
  const end = `],"total":${total},"page":${page},"pageSize":${pageSize},"emptyReason":${reason},"totalIsExact":${totalIsExact}}`;
  const size = start.length + length + end.length;
  const out = Buffer.allocUnsafe(size + overhang);
  let written = writeAscii(out, 0, start);
  for (let j = from; j < to; j++) {
    if (j > from) out[written++] = COMMA;
    out.set(ITEM_HEAD, written);
    written += ITEM_HEAD.length;
    const metres = metresOf[j - from] as number;
    if (metres < 0) {
      out.set(NULL_TEXT, written);
      written += NULL_TEXT.length;
    } else {
      written = writeKm(out, written, metres, kmLength(metres));
    }
    out[written++] = COMMA;
    const entry = order ? (order[j] as number) : j;
    const position = positions[entry] as number;
    out.set(snapshot.records[position] as Buffer, written);
    written += snapshot.fragmentEnd[position] as number;
  }
  writeAscii(out, written, end);
  return overhang === 0 ? out : out.subarray(0, size);
}

/** The map's cap: beyond it the nearest stations (or the first in scan order) are kept. */
export const MAX_MAP_POINTS = 200_000;

/** stationPointsSchema as JSON: parallel arrays, one entry per matching station. */
export function pointsJson(snapshot: Snapshot, matches: Matches, cap = MAX_MAP_POINTS): string {
  const count = Math.min(matches.count, cap);
  const nearest =
    matches.hasNear && matches.count > cap
      ? smallestK(matches.keys, matches.count, cap, matches.histogram)
      : null;
  const points = {
    ids: [] as string[],
    lat: [] as number[],
    lng: [] as number[],
    availability: [] as number[],
    chargeClass: [] as number[],
    maxPowerKw: [] as number[],
    emptyReason: matches.emptyReason,
  };
  for (let j = 0; j < count; j++) {
    const i = matches.positions[nearest ? (nearest[j] as number) : j] as number;
    points.ids.push(snapshot.ids[i] as string);
    points.lat.push(snapshot.lat[i] as number);
    points.lng.push(snapshot.lng[i] as number);
    points.availability.push(snapshot.availability[i] as number);
    points.chargeClass.push(snapshot.chargeClass[i] as number);
    points.maxPowerKw.push(snapshot.maxPowerKw[i] as number);
  }
  return JSON.stringify(points);
}
