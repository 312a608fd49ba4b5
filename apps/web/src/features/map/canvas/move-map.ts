import type L from 'leaflet';

/** Whether the driver asked the system for less motion (CSS Media Queries 5, prefers-reduced-motion). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Moves the map to a place: a flight, or with reduced motion asked for, a jump without animation
 * (WCAG 2.3.3 Animation from Interactions).
 */
export function moveMap(map: Pick<L.Map, 'flyTo' | 'setView'>, center: L.LatLngExpression, zoom: number): void {
  if (prefersReducedMotion()) map.setView(center, zoom, { animate: false });
  else map.flyTo(center, zoom);
}
