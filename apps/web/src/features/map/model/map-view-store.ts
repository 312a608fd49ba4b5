import { useSyncExternalStore } from 'react';
import { readMapView, writeMapView } from '@/lib/storage';
import type { LatLng } from './filter';

// Where the map looks and where the driver is. The list sorts by distance from the driver when
// they have been located, otherwise from the map centre; coming back from a station page the
// map opens where it was (sessionStorage: this visit only).
export type MapViewState = { center: LatLng; zoom: number };

function parseView(json: string | null): MapViewState | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<MapViewState>;
    const { center, zoom } = value;
    if (typeof zoom !== 'number' || !center || typeof center.lat !== 'number' || typeof center.lng !== 'number') return null;
    if (Math.abs(center.lat) > 90 || Math.abs(center.lng) > 180) return null;
    return { center: { lat: center.lat, lng: center.lng }, zoom };
  } catch {
    return null;
  }
}

let view: MapViewState | null = parseView(readMapView());
let located: LatLng | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getMapView(): MapViewState | null {
  return view;
}

export function saveMapView(next: MapViewState): void {
  view = next;
  writeMapView(JSON.stringify(next));
  emit();
}

export function setLocatedPosition(position: LatLng | null): void {
  located = position;
  emit();
}

export function useMapView(): MapViewState | null {
  return useSyncExternalStore(subscribe, () => view, () => view);
}

export function useLocatedPosition(): LatLng | null {
  return useSyncExternalStore(subscribe, () => located, () => located);
}
