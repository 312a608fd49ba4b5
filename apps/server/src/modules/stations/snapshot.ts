import { isConnectorFree } from '@evcharge/domain/connector-status';
import type { Availability } from '@evcharge/domain/connector-status';
import type { ChargeClass } from '@evcharge/domain/charge-class';
import { stationAccess } from '@evcharge/domain/private-station';
import { socketTypeIds, type SocketTypeId } from '@evcharge/domain/socket-type';
import { unitVector } from './geo';
import { bandOrder, bandStarts } from './spatial-index';
import { recordOf, stationRow } from './station-record';
import { stationFacts, type StationRow } from './station-view';

// The packed form of every station that queries scan: one typed array per field, stations in
// band order (spatial-index.ts), connectors flattened after their station. 100,000 stations
// take about 10 MB here plus their ids and records (station-record.ts).

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
  /** Station ids in index order. */
  ids: string[];
  positionOf: Map<string, number>;
  /** Per station: its record (station-record.ts), never changed, only replaced. */
  records: Buffer[];
  /** Where the list item ends in records[i]. */
  fragmentEnd: Uint32Array;
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
};

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
function writeStation(snapshot: Snapshot, i: number, row: StationRow, at: Date) {
  const s = snapshot;
  s.ids[i] = row.id;
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
  const { record, fragmentEnd } = recordOf(row);
  s.records[i] = record;
  s.fragmentEnd[i] = fragmentEnd;
}

/**
 * Copies station `from` of `old` to `i` of `s` (a rebuild keeps what it did not read again),
 * all but its latitude, longitude and connector slots' positions; `s` took over `old`'s owner
 * indexes.
 */
function copyStation(s: Snapshot, i: number, old: Snapshot, from: number, at: Date) {
  const id = old.ids[from] as string;
  s.ids[i] = id;
  s.positionOf.set(id, i);
  s.records[i] = old.records[from] as Buffer;
  s.fragmentEnd[i] = old.fragmentEnd[from] as number;
  s.owner[i] = old.owner[from] as number;
  let bits = old.bits[from] as number;
  if (bits & FLAG_PRIVATE) bits = (bits & ~FLAG_SHARED) | sharedFlag(stationRow(old, from), at);
  s.bits[i] = bits;
  s.maxPowerW[i] = old.maxPowerW[from] as number;
  s.availability[i] = old.availability[from] as number;
  s.chargeClass[i] = old.chargeClass[from] as number;
  s.maxPowerKw[i] = old.maxPowerKw[from] as number;
  s.ux[i] = old.ux[from] as number;
  s.uy[i] = old.uy[from] as number;
  s.uz[i] = old.uz[from] as number;
  const end = old.connStart[from + 1] as number;
  let slot = s.connStart[i] as number;
  for (let c = old.connStart[from] as number; c < end; c++, slot++) {
    s.connType[slot] = old.connType[c] as number;
    s.connPowerW[slot] = old.connPowerW[c] as number;
    s.connFree[slot] = old.connFree[c] as number;
  }
}

/**
 * The snapshot of `rows` (read from the database) and, on a rebuild, the stations at
 * `kept.positions` of the previous snapshot, which are copied without being read again.
 */
export function buildSnapshot(
  rows: readonly StationRow[],
  at = new Date(),
  kept?: { from: Snapshot; positions: readonly number[] },
): Snapshot {
  const keptCount = kept?.positions.length ?? 0;
  const size = keptCount + rows.length;
  // Sources 0 … keptCount - 1 are kept stations, the rest rows.
  const sourceLat = new Float64Array(size);
  const sourceLng = new Float64Array(size);
  const sourceConnectors = new Uint32Array(size);
  for (let k = 0; k < keptCount; k++) {
    const p = kept!.positions[k] as number;
    sourceLat[k] = kept!.from.lat[p] as number;
    sourceLng[k] = kept!.from.lng[p] as number;
    sourceConnectors[k] =
      (kept!.from.connStart[p + 1] as number) - (kept!.from.connStart[p] as number);
  }
  rows.forEach((row, r) => {
    sourceLat[keptCount + r] = row.lat;
    sourceLng[keptCount + r] = row.lng;
    sourceConnectors[keptCount + r] = row.connectors.length;
  });
  const order = bandOrder(sourceLat, sourceLng);
  const connectorCount = sourceConnectors.reduce((sum, n) => sum + n, 0);
  const lat = Float64Array.from(order, (k) => sourceLat[k] as number);
  const snapshot: Snapshot = {
    size,
    ids: new Array<string>(size),
    positionOf: new Map(),
    records: new Array<Buffer>(size),
    fragmentEnd: new Uint32Array(size),
    lat,
    lng: Float64Array.from(order, (k) => sourceLng[k] as number),
    ux: new Float64Array(size),
    uy: new Float64Array(size),
    uz: new Float64Array(size),
    bandStarts: bandStarts(lat),
    bits: new Uint32Array(size),
    owner: new Int32Array(size),
    ownerIds: new Map(kept?.from.ownerIds),
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
  };
  for (let i = 0; i < size; i++) {
    const k = order[i] as number;
    snapshot.connStart[i + 1] = (snapshot.connStart[i] as number) + (sourceConnectors[k] as number);
    if (k < keptCount) {
      copyStation(snapshot, i, kept!.from, kept!.positions[k] as number, at);
      continue;
    }
    const [x, y, z] = unitVector(snapshot.lat[i] as number, snapshot.lng[i] as number);
    snapshot.ux[i] = x;
    snapshot.uy[i] = y;
    snapshot.uz[i] = z;
    writeStation(snapshot, i, rows[k - keptCount] as StationRow, at);
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
export function patchStation(snapshot: Snapshot, row: StationRow, at = new Date()) {
  const i = snapshot.positionOf.get(row.id);
  if (i === undefined) return false;
  const sameShape =
    snapshot.lat[i] === row.lat &&
    snapshot.lng[i] === row.lng &&
    (snapshot.connStart[i + 1] as number) - (snapshot.connStart[i] as number) ===
      row.connectors.length;
  if (!sameShape) return false;
  writeStation(snapshot, i, row, at);
  summarizeBlock(snapshot, i >> BLOCK_SHIFT);
  return true;
}

/** Writes FLAG_SHARED of every private station again for `at`; true when one changed. */
export function recheckShared(snapshot: Snapshot, at: Date): boolean {
  let changed = false;
  const { bits } = snapshot;
  for (let i = 0; i < snapshot.size; i++) {
    if (!((bits[i] as number) & FLAG_PRIVATE)) continue;
    const was = (bits[i] as number) & FLAG_SHARED;
    const now = sharedFlag(stationRow(snapshot, i), at);
    if (was === now) continue;
    bits[i] = ((bits[i] as number) & ~FLAG_SHARED) | now;
    summarizeBlock(snapshot, i >> BLOCK_SHIFT);
    changed = true;
  }
  return changed;
}

/** The rows of the private stations (the ones whose owners' hours change what others see). */
export function privateRows(snapshot: Snapshot): StationRow[] {
  const rows: StationRow[] = [];
  for (let i = 0; i < snapshot.size; i++) {
    if ((snapshot.bits[i] as number) & FLAG_PRIVATE) rows.push(stationRow(snapshot, i));
  }
  return rows;
}
