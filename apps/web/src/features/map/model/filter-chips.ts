import type { SocketTypeId } from '@evcharge/domain/socket-type';
import { defaultFilter, isAllConnectorTypes, type StationFilterState } from './filter';

// The active parts of the filter, shown as chips over the map so a driver who sees few
// stations knows why; each chip can be removed on its own.
export type FilterChip =
  | { kind: 'connectorTypes'; types: SocketTypeId[] }
  | { kind: 'power'; min: number | null; max: number | null }
  | { kind: 'radius'; km: number }
  | { kind: 'noRestricted' }
  | { kind: 'noRoaming' }
  | { kind: 'onlyAvailable' };

export type FilterChipKind = FilterChip['kind'];

export function activeFilterChips(filter: StationFilterState): FilterChip[] {
  const chips: FilterChip[] = [];
  if (!isAllConnectorTypes(filter)) chips.push({ kind: 'connectorTypes', types: filter.connectorTypes });
  if (filter.minPowerKw !== null || filter.maxPowerKw !== null) {
    chips.push({ kind: 'power', min: filter.minPowerKw, max: filter.maxPowerKw });
  }
  if (filter.radiusKm !== null) chips.push({ kind: 'radius', km: filter.radiusKm });
  if (!filter.includeRestricted) chips.push({ kind: 'noRestricted' });
  if (!filter.includeRoaming) chips.push({ kind: 'noRoaming' });
  if (filter.onlyAvailable) chips.push({ kind: 'onlyAvailable' });
  return chips;
}

/** The filter without one chip's condition. */
export function withoutChip(filter: StationFilterState, kind: FilterChipKind): StationFilterState {
  switch (kind) {
    case 'connectorTypes':
      return { ...filter, connectorTypes: defaultFilter.connectorTypes };
    case 'power':
      return { ...filter, minPowerKw: null, maxPowerKw: null };
    case 'radius':
      return { ...filter, radiusKm: null };
    case 'noRestricted':
      return { ...filter, includeRestricted: true };
    case 'noRoaming':
      return { ...filter, includeRoaming: true };
    case 'onlyAvailable':
      return { ...filter, onlyAvailable: false };
  }
}
