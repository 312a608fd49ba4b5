import L from 'leaflet';
import type { Brand } from '@/lib/brand';

// The brand's tiles and their attribution, for every Leaflet map of the app: the map home's
// (features/map) and a station's small map (components/station/station-mini-map.tsx).

const OSM_COPYRIGHT = 'https://www.openstreetmap.org/copyright';

/**
 * The tiles' attribution as the map shows it. OpenStreetMap's own words ("contributors") come in
 * the screen's language, from `osmText` with the link to put in; any other provider's text is
 * shown as the brand gives it.
 */
export function tileAttribution(attribution: string, osmText: (link: string) => string): string {
  if (!attribution.includes('openstreetmap.org/copyright')) return attribution;
  return osmText(`<a href="${OSM_COPYRIGHT}">OpenStreetMap</a>`);
}

/** Shows a tile provider's attribution while the effect that calls it lasts. */
export function showAttribution(map: L.Map, attribution: string): () => void {
  map.attributionControl?.addAttribution(attribution);
  return () => void map.attributionControl?.removeAttribution(attribution);
}

/** The brand's tiles; their attribution comes apart, in the screen's language (showAttribution). */
export function addTiles(map: L.Map, brandMap: Brand['map']): L.TileLayer {
  return L.tileLayer(brandMap.tileUrl, {
    maxZoom: 19,
    // A failed tile stays hidden (Leaflet shows only loaded ones): no broken-image icons.
    errorTileUrl: '',
    zIndex: 1,
  }).addTo(map);
}
