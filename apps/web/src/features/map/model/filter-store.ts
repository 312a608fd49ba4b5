import { useSyncExternalStore } from 'react';
import { readStationFilter, writeStationFilter } from '@/lib/storage';
import { parseFilter, type StationFilterState } from './filter';

// The applied filter: remembered in localStorage, shared by the map, the list and the chips.
let current: StationFilterState = parseFilter(readStationFilter());
const listeners = new Set<() => void>();

export function getFilter(): StationFilterState {
  return current;
}

export function applyFilter(filter: StationFilterState): void {
  current = filter;
  writeStationFilter(JSON.stringify(filter));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAppliedFilter(): StationFilterState {
  return useSyncExternalStore(subscribe, getFilter, getFilter);
}
