import type { StationFilter, Viewer } from './search';
import {
  FLAG_LIMITED,
  FLAG_PRIVATE,
  FLAG_ROAMING,
  FREE_TYPES_SHIFT,
  socketMask,
  type Snapshot,
} from './snapshot';

// A station filter as bit tests over the snapshot's columns (snapshot.ts), shared by the
// nearest-first walk (nearest.ts) and the whole-circle search (search.ts).

/**
 * A filter as the bit tests of a station need it (the walk here and the whole-circle search
 * alike): the socket types, the power range, the flags that exclude, and the viewer's owner index.
 */
export function filterMasks(s: Snapshot, filter: StationFilter, viewer: Viewer) {
  const types = socketMask(filter.connectorTypes);
  const minW = filter.powerKw?.min === undefined ? 0 : Math.round(filter.powerKw.min * 1000);
  const maxW = filter.powerKw?.max === undefined ? Infinity : Math.round(filter.powerKw.max * 1000);
  const onlyAvailable = filter.onlyAvailable;
  return {
    types,
    minW,
    maxW,
    checkPower: minW > 0 || maxW !== Infinity,
    onlyAvailable,
    // A station passes the port test when one of these bits is set (no power filter).
    portBits: onlyAvailable ? types << FREE_TYPES_SHIFT : types,
    excluded:
      (filter.includeRestricted ? 0 : FLAG_LIMITED) | (filter.includeRoaming ? 0 : FLAG_ROAMING),
    flagBits: FLAG_LIMITED | FLAG_ROAMING | FLAG_PRIVATE,
    // Owner indexes start at 0; -2 matches no station, so a visitor sees no private one.
    viewerOwner: viewer.userId === null ? -2 : (s.ownerIds.get(viewer.userId) ?? -2),
  };
}

export function hasPortInRange(
  s: Snapshot,
  i: number,
  types: number,
  minW: number,
  maxW: number,
  onlyAvailable: boolean,
): boolean {
  const end = s.connStart[i + 1] as number;
  for (let c = s.connStart[i] as number; c < end; c++) {
    if (((1 << (s.connType[c] as number)) & types) === 0) continue;
    const powerW = s.connPowerW[c] as number;
    if (powerW < minW || powerW > maxW) continue;
    if (onlyAvailable && s.connFree[c] === 0) continue;
    return true;
  }
  return false;
}
