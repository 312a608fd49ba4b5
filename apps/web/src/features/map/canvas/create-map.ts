import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapViewState } from '../model/map-view-store';
import { motionOptions, prefersReducedMotion } from './move-map';

export { addTiles, showAttribution, tileAttribution } from '@/components/map/leaflet-tiles';

export type MapTexts = { zoomIn: string; zoomOut: string };

/**
 * A Leaflet map without DOM markers: our canvas draws them. Tiles come from the brand; with no
 * network they fail quietly and the container's own background (a faint grid) shows instead.
 */
export function createMap(element: HTMLElement, view: MapViewState, texts: MapTexts): L.Map {
  const map = L.map(element, {
    center: [view.center.lat, view.center.lng],
    zoom: view.zoom,
    zoomControl: false,
    attributionControl: false,
    worldCopyJump: true,
    // Tiles appear as they load instead of fading in: a fade repaints and recomposites every
    // tile for a third of a second, frame after frame, while a phone is still setting up.
    fadeAnimation: false,
    // With reduced motion asked for, the zoom buttons and the wheel jump and a pan stops where
    // the finger lets go (WCAG 2.3.3 Animation from Interactions); followReducedMotion follows
    // a later change of the setting.
    ...motionOptions(prefersReducedMotion()),
    minZoom: 2,
    maxZoom: 19,
  });
  L.control.zoom({ position: 'bottomright', zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut }).addTo(map);
  L.control.attribution({ position: 'bottomleft', prefix: '<a href="https://leafletjs.com">Leaflet</a>' }).addTo(map);
  return map;
}

/**
 * A grid drawn locally under the tiles: it pans and zooms with the map, so with no tiles
 * (offline, or a tile server that is down) the map still looks like a map, not like a failure.
 * Each tile is a plain element whose stylesheet draws the lines (map-view.css): no canvas to
 * allocate and draw per tile while the map sets up.
 */
export function addOfflineGrid(map: L.Map): L.GridLayer {
  const grid = new L.GridLayer({ tileSize: 256, zIndex: 0, updateWhenZooming: false });
  // Overriding the tile factory of this one instance (Leaflet's documented extension point).
  (grid as unknown as { createTile: () => HTMLElement }).createTile = () => {
    const tile = document.createElement('div');
    tile.className = 'map-grid-tile';
    return tile;
  };
  return grid.addTo(map);
}

/**
 * The map's texts in the screen's language: Leaflet writes the zoom buttons' titles (and their
 * aria-label) once, so a later change of language rewrites them here.
 */
export function setMapTexts(map: L.Map, texts: MapTexts): void {
  const container = map.getContainer();
  for (const [selector, text] of [['.leaflet-control-zoom-in', texts.zoomIn], ['.leaflet-control-zoom-out', texts.zoomOut]] as const) {
    const button = container.querySelector(selector);
    button?.setAttribute('title', text);
    button?.setAttribute('aria-label', text);
  }
}

/** The radius of the distance filter, drawn so a driver sees why stations end at a line. */
export function radiusCircle(center: { lat: number; lng: number }, radiusKm: number): L.Circle {
  return L.circle([center.lat, center.lng], {
    radius: radiusKm * 1000,
    color: '#1a5fd1',
    weight: 2,
    opacity: 0.8,
    fill: true,
    fillOpacity: 0.04,
    dashArray: '6 6',
    interactive: false,
  });
}
