import type { StationFilter } from '@evcharge/api/stations/station-schemas';
import { socketTypeIds, type SocketTypeId } from '@evcharge/domain/socket-type';

// SPEC §2 map filter: connector type, power in kW, distance, restricted places, roaming
// (+ only free stations). What the filter screen edits and localStorage remembers.
export type StationFilterState = {
  connectorTypes: SocketTypeId[];
  minPowerKw: number | null;
  maxPowerKw: number | null;
  radiusKm: number | null;
  includeRestricted: boolean;
  includeRoaming: boolean;
  onlyAvailable: boolean;
};

export const defaultFilter: StationFilterState = {
  connectorTypes: [...socketTypeIds],
  minPowerKw: null,
  maxPowerKw: null,
  radiusKm: null,
  includeRestricted: true,
  includeRoaming: true,
  onlyAvailable: false,
};

/** The same limits the server checks (station-schemas.ts), so a saved filter is never refused. */
export const MAX_POWER_KW = 1000;
export const MAX_RADIUS_KM = 20_000;

export type LatLng = { lat: number; lng: number };
export type Bounds = { south: number; west: number; north: number; east: number };

function kwOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= MAX_POWER_KW ? value : null;
}

/** A remembered filter; anything stale, foreign or corrupt falls back to the default. */
export function parseFilter(json: string | null): StationFilterState {
  if (!json) return defaultFilter;
  let raw: Record<string, unknown>;
  try {
    const value: unknown = JSON.parse(json);
    if (typeof value !== 'object' || value === null) return defaultFilter;
    raw = value as Record<string, unknown>;
  } catch {
    return defaultFilter;
  }
  const types = Array.isArray(raw.connectorTypes)
    ? socketTypeIds.filter((id) => (raw.connectorTypes as unknown[]).includes(id))
    : [];
  let min = kwOrNull(raw.minPowerKw);
  let max = kwOrNull(raw.maxPowerKw);
  if (min !== null && max !== null && min > max) [min, max] = [null, null];
  const radius = raw.radiusKm;
  const bool = (key: keyof StationFilterState, fallback: boolean) =>
    typeof raw[key] === 'boolean' ? (raw[key] as boolean) : fallback;
  return {
    // SPEC §5: at least one type; an empty list can only be a damaged record.
    connectorTypes: types.length > 0 ? types : [...socketTypeIds],
    minPowerKw: min,
    maxPowerKw: max,
    radiusKm: typeof radius === 'number' && radius > 0 && radius <= MAX_RADIUS_KM ? radius : null,
    includeRestricted: bool('includeRestricted', true),
    includeRoaming: bool('includeRoaming', true),
    onlyAvailable: bool('onlyAvailable', false),
  };
}

export type FilterProblem = 'connectorTypes' | 'powerRange';

/** Why the filter cannot be applied, or null. */
export function filterProblem(filter: StationFilterState): FilterProblem | null {
  if (filter.connectorTypes.length === 0) return 'connectorTypes';
  const { minPowerKw: min, maxPowerKw: max } = filter;
  if (min !== null && max !== null && min > max) return 'powerRange';
  return null;
}

/**
 * The request body: the filter plus the area. `origin` is where distances count from (the
 * driver, or the map centre); the map sends it only when a radius limits the stations.
 */
export function filterToRequest(
  filter: StationFilterState,
  area: { bounds?: Bounds; origin?: LatLng | null; sortByDistance?: boolean },
): StationFilter {
  const body: StationFilter = {
    connectorTypes: [...filter.connectorTypes],
    includeRestricted: filter.includeRestricted,
    includeRoaming: filter.includeRoaming,
    onlyAvailable: filter.onlyAvailable,
  };
  if (filter.minPowerKw !== null || filter.maxPowerKw !== null) {
    body.powerKw = {
      ...(filter.minPowerKw !== null && { min: filter.minPowerKw }),
      ...(filter.maxPowerKw !== null && { max: filter.maxPowerKw }),
    };
  }
  const origin = area.origin;
  if (origin && (filter.radiusKm !== null || area.sortByDistance)) {
    body.near = {
      lat: origin.lat,
      lng: origin.lng,
      ...(filter.radiusKm !== null && { radiusKm: filter.radiusKm }),
    };
  }
  if (area.bounds) body.bounds = area.bounds;
  return body;
}

export function isAllConnectorTypes(filter: StationFilterState): boolean {
  return socketTypeIds.every((id) => filter.connectorTypes.includes(id));
}
