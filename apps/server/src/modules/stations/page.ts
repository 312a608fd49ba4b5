import { metresOfKey, type Matches } from './search';
import type { Snapshot } from './snapshot';
import type { StationRow } from './station-view';
import { smallestK } from './top-k';

// Answers written straight from the snapshot: each station's list item is kept as ready JSON
// (snapshot.ts), so a page is one buffer filled with copies instead of building, checking
// and stringifying 50-200 objects per request (docs/decisions/004-station-read-model.md).

/** Writes ASCII text byte by byte: cheaper than a Buffer call for the short bits between items. */
function writeAscii(out: Buffer, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** "1.234" from 1234 m: integers print far faster than floats, and JSON takes "1.200". */
function kmText(metres: number): string {
  const rest = metres % 1000;
  return `${(metres - rest) / 1000}.${rest < 10 ? '00' : rest < 100 ? '0' : ''}${rest}`;
}

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
  const heads: string[] = [];
  const bodies: Buffer[] = [];
  let length = 0;
  for (let j = from; j < to; j++) {
    const entry = sorted ? (sorted[j] as number) : j;
    const distance = matches.hasNear ? kmText(metresOfKey(matches.keys[entry] as number)) : 'null';
    const head = `${j > from ? ',' : ''}{"distanceKm":${distance},`;
    const body = snapshot.fragments[matches.positions[entry] as number] as Buffer;
    heads.push(head);
    bodies.push(body);
    length += head.length + body.length;
  }
  const reason = matches.emptyReason === null ? 'null' : `"${matches.emptyReason}"`;
  const start = '{"items":[';
  const end = `],"total":${matches.count},"page":${page},"pageSize":${pageSize},"emptyReason":${reason}}`;
  const out = Buffer.allocUnsafe(start.length + length + end.length);
  let at = writeAscii(out, 0, start);
  for (let j = 0; j < heads.length; j++) {
    at = writeAscii(out, at, heads[j] as string);
    const body = bodies[j] as Buffer;
    out.set(body, at);
    at += body.length;
  }
  writeAscii(out, at, end);
  return out;
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
    points.ids.push((snapshot.rows[i] as StationRow).id);
    points.lat.push(snapshot.lat[i] as number);
    points.lng.push(snapshot.lng[i] as number);
    points.availability.push(snapshot.availability[i] as number);
    points.chargeClass.push(snapshot.chargeClass[i] as number);
    points.maxPowerKw.push(snapshot.maxPowerKw[i] as number);
  }
  return JSON.stringify(points);
}
