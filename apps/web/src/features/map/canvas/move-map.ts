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

/** Leaflet's own animations, all off when the system asks for reduced motion. */
export function motionOptions(reduce: boolean): Pick<L.MapOptions, 'zoomAnimation' | 'markerZoomAnimation' | 'inertia'> {
  return { zoomAnimation: !reduce, markerZoomAnimation: !reduce, inertia: !reduce };
}

type MotionMap = { options: L.MapOptions; _zoomAnimated?: boolean };

/**
 * Follows a change of prefers-reduced-motion on a map already made (WCAG 2.3.3): the zoom
 * buttons' and the wheel's zoom animation and the pan's inertia stop or come back. Leaflet reads
 * `inertia` at every drag's end; the zoom animation it decides once, in its private
 * `_zoomAnimated`, so that flag is set too (back on only if the map was made with it).
 */
export function followReducedMotion(map: L.Map): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia('(prefers-reduced-motion: reduce)');
  const target = map as unknown as MotionMap;
  const couldAnimate = target._zoomAnimated === true;
  const apply = (reduce: boolean) => {
    Object.assign(target.options, motionOptions(reduce));
    if (couldAnimate) target._zoomAnimated = !reduce;
  };
  const onChange = (event: { matches: boolean }) => apply(event.matches);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}
