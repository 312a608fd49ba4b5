import { isConnectorFree } from '@evcharge/domain/connector-status';
import type { Availability } from '@evcharge/domain/connector-status';
import type { ChargeClass } from '@evcharge/domain/charge-class';
import { stationAccess } from '@evcharge/domain/private-station';
import { socketTypeIds, type SocketTypeId } from '@evcharge/domain/socket-type';
import { unitVector } from './geo';
import { bandOrder, bandStarts } from './spatial-index';
import { stationFacts, summaryOf, type StationRow } from './station-view';

// The packed form of every station that queries scan: one typed array per field, stations in
// band order (spatial-index.ts), connectors flattened after their station. 100,000 stations
// take about 10 MB here plus their rows and JSON fragments.

/**
 * What a filter asks of a station, in one 32-bit word so the scan loads it once: bits 0-8 the
 * socket types present, bits 9-17 the socket types with a free connector, then the flags.
 */
export const FREE_TYPES_SHIFT = 9;
export const FLAG_LIMITED = 1 << 24;
export const FLAG_ROAMING = 1 << 25;
export const FLAG_PRIVATE = 1 << 26;
/**
 * A private station its owner shares with everyone at the moment the flag was written
 * (domain/private-station.ts); the read model writes it again when sharing opens or closes.
 */
export const FLAG_SHARED = 1 << 27;

/** FLAG_SHARED of a row at `at`: what a visitor (anyone but its owner) may see of it. */
export function sharedFlag(row: StationRow, at: Date): number {
  return row.isPrivate && stationAccess(row, null, at) === 'shared' ? FLAG_SHARED : 0;
}

/** stationPointsSchema codes: availability 0 free, 1 busy, 2 offline; 0 slow … 2 fast. */
export const availabilityCode: Record<Availability, number> = { free: 0, busy: 1, offline: 2 };
export const chargeClassCode: Record<ChargeClass, number> = { slow: 0, normal: 1, fast: 2 };

const socketBit = new Map<SocketTypeId, number>(socketTypeIds.map((id, i) => [id, i]));

/**
 * Stations are summarized in blocks of 2^BLOCK_SHIFT neighbours in band order: the union of
 * their bits and the range of their connectors' power. A walk that meets a block none of whose
 * stations can pass the port test (a rare plug, a power range, free only) steps over it whole
 * instead of looking at each station (nearest.ts).
 */
export const BLOCK_SHIFT = 4;
export const SOCKET_TYPES = socketTypeIds.length;

export function socketMask(types: readonly SocketTypeId[]): number {
  let mask = 0;
  for (const type of types) mask |= 1 << (socketBit.get(type) as number);
  return mask;
}

export type Snapshot = {
  size: number;
  /** Rows in index order; a row object is never changed, only replaced. */
  rows: StationRow[];
  positionOf: Map<string, number>;
  lat: Float64Array;
  lng: Float64Array;
  /** Unit vectors for chord distances (geo.ts). */
  ux: Float64Array;
  uy: Float64Array;
  uz: Float64Array;
  bandStarts: Uint32Array;
  /** Socket types, free socket types and flags per station (see FREE_TYPES_SHIFT). */
  bits: Uint32Array;
  /** Index into `ownerIds`, -1 for stations without an owner. */
  owner: Int32Array;
  ownerIds: Map<string, number>;
  /** Connectors of station i: connStart[i] … connStart[i + 1] - 1. */
  /** The strongest connector: a power filter skips weaker stations without their ports. */
  maxPowerW: Uint32Array;
  connStart: Uint32Array;
  connType: Uint8Array;
  connPowerW: Uint32Array;
  connFree: Uint8Array;
  availability: Uint8Array;
  chargeClass: Uint8Array;
  maxPowerKw: Float64Array;
  /** Per block of stations (BLOCK_SHIFT): the union of their `bits`. */
  blockBits: Uint32Array;
  /**
   * Per block and socket type (block * SOCKET_TYPES + type): the weakest and the strongest
   * connector of that type in the block, in W (0xffffffff and 0 when it has none).
   */
  blockTypeMinW: Uint32Array;
  blockTypeMaxW: Uint32Array;
  /** The summary JSON without distanceKm and without its opening brace. */
  fragments: Buffer[];
};

export type FragmentOf = (row: StationRow) => Buffer;

/** The JSON of a station's list item, cut open so a query can put distanceKm first. */
export function summaryFragment(row: StationRow): Buffer {
  return Buffer.from(JSON.stringify(summaryOf(row)).slice(1));
}

function ownerIndex(snapshot: Snapshot, userId: string | null): number {
  if (userId === null) return -1;
  let index = snapshot.ownerIds.get(userId);
  if (index === undefined) {
    index = snapshot.ownerIds.size;
    snapshot.ownerIds.set(userId, index);
  }
  return index;
}

/** Writes everything of station `i` but its place and connector slots' positions. */
function writeStation(
  snapshot: Snapshot,
  i: number,
  row: StationRow,
  fragmentOf: FragmentOf,
  at: Date,
) {
  const s = snapshot;
  s.rows[i] = row;
  s.positionOf.set(row.id, i);
  s.owner[i] = ownerIndex(s, row.ownerUserId);
  let types = 0;
  let freeTypes = 0;
  let slot = s.connStart[i] as number;
  for (const connector of row.connectors) {
    const bit = socketBit.get(connector.socketType) as number;
    const isFree = isConnectorFree(connector.status);
    types |= 1 << bit;
    if (isFree) freeTypes |= 1 << bit;
    s.connType[slot] = bit;
    s.connPowerW[slot] = connector.powerW;
    s.connFree[slot] = isFree ? 1 : 0;
    slot++;
  }
  s.bits[i] =
    types |
    (freeTypes << FREE_TYPES_SHIFT) |
    (row.isLimitedAccess ? FLAG_LIMITED : 0) |
    (row.isRoaming ? FLAG_ROAMING : 0) |
    (row.isPrivate ? FLAG_PRIVATE : 0) |
    sharedFlag(row, at);
  s.maxPowerW[i] = row.connectors.reduce((max, c) => Math.max(max, c.powerW), 0);
  const facts = stationFacts(row);
  s.availability[i] = availabilityCode[facts.availability];
  s.chargeClass[i] = chargeClassCode[facts.chargeClass];
  s.maxPowerKw[i] = facts.maxPowerKw;
  s.fragments[i] = fragmentOf(row);
}

export function buildSnapshot(
  input: readonly StationRow[],
  fragmentOf: FragmentOf,
  at = new Date(),
): Snapshot {
  const order = bandOrder(
    input.map((row) => row.lat),
    input.map((row) => row.lng),
  );
  const rows = Array.from(order, (i) => input[i] as StationRow);
  const size = rows.length;
  const connectorCount = rows.reduce((sum, row) => sum + row.connectors.length, 0);
  const lat = Float64Array.from(rows, (row) => row.lat);
  const snapshot: Snapshot = {
    size,
    rows,
    positionOf: new Map(),
    lat,
    lng: Float64Array.from(rows, (row) => row.lng),
    ux: new Float64Array(size),
    uy: new Float64Array(size),
    uz: new Float64Array(size),
    bandStarts: bandStarts(lat),
    bits: new Uint32Array(size),
    owner: new Int32Array(size),
    ownerIds: new Map(),
    maxPowerW: new Uint32Array(size),
    connStart: new Uint32Array(size + 1),
    connType: new Uint8Array(connectorCount),
    connPowerW: new Uint32Array(connectorCount),
    connFree: new Uint8Array(connectorCount),
    availability: new Uint8Array(size),
    chargeClass: new Uint8Array(size),
    maxPowerKw: new Float64Array(size),
    blockBits: new Uint32Array(blockCount(size)),
    blockTypeMinW: new Uint32Array(blockCount(size) * SOCKET_TYPES),
    blockTypeMaxW: new Uint32Array(blockCount(size) * SOCKET_TYPES),
    fragments: new Array<Buffer>(size),
  };
  for (let i = 0; i < size; i++) {
    const row = rows[i] as StationRow;
    const [x, y, z] = unitVector(row.lat, row.lng);
    snapshot.ux[i] = x;
    snapshot.uy[i] = y;
    snapshot.uz[i] = z;
    snapshot.connStart[i + 1] = (snapshot.connStart[i] as number) + row.connectors.length;
    writeStation(snapshot, i, row, fragmentOf, at);
  }
  for (let block = 0; block < snapshot.blockBits.length; block++) summarizeBlock(snapshot, block);
  return snapshot;
}

function blockCount(size: number): number {
  return (size + (1 << BLOCK_SHIFT) - 1) >> BLOCK_SHIFT;
}

/** Writes the summary of one block from its stations. */
function summarizeBlock(s: Snapshot, block: number): void {
  const from = block << BLOCK_SHIFT;
  const to = Math.min(s.size, from + (1 << BLOCK_SHIFT));
  const base = block * SOCKET_TYPES;
  s.blockTypeMinW.fill(0xffffffff, base, base + SOCKET_TYPES);
  s.blockTypeMaxW.fill(0, base, base + SOCKET_TYPES);
  let bits = 0;
  for (let i = from; i < to; i++) {
    bits |= s.bits[i] as number;
    const end = s.connStart[i + 1] as number;
    for (let c = s.connStart[i] as number; c < end; c++) {
      const at = base + (s.connType[c] as number);
      const powerW = s.connPowerW[c] as number;
      if (powerW < (s.blockTypeMinW[at] as number)) s.blockTypeMinW[at] = powerW;
      if (powerW > (s.blockTypeMaxW[at] as number)) s.blockTypeMaxW[at] = powerW;
    }
  }
  s.blockBits[block] = bits;
}

/**
 * Replaces a station in place when its place and number of connectors are unchanged (a
 * status change, a renamed station); false when the snapshot has to be rebuilt.
 */
export function patchStation(
  snapshot: Snapshot,
  row: StationRow,
  fragmentOf: FragmentOf,
  at = new Date(),
) {
  const i = snapshot.positionOf.get(row.id);
  if (i === undefined) return false;
  const old = snapshot.rows[i] as StationRow;
  const sameShape =
    old.lat === row.lat && old.lng === row.lng && old.connectors.length === row.connectors.length;
  if (!sameShape) return false;
  writeStation(snapshot, i, row, fragmentOf, at);
  summarizeBlock(snapshot, i >> BLOCK_SHIFT);
  return true;
}

/** Writes FLAG_SHARED of every private station again for `at`; true when one changed. */
export function recheckShared(snapshot: Snapshot, at: Date): boolean {
  let changed = false;
  const { rows, bits } = snapshot;
  for (let i = 0; i < snapshot.size; i++) {
    const row = rows[i] as StationRow;
    if (!row.isPrivate) continue;
    const was = (bits[i] as number) & FLAG_SHARED;
    const now = sharedFlag(row, at);
    if (was === now) continue;
    bits[i] = ((bits[i] as number) & ~FLAG_SHARED) | now;
    summarizeBlock(snapshot, i >> BLOCK_SHIFT);
    changed = true;
  }
  return changed;
}
