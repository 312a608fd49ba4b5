import { afterEach, describe, expect, it, vi } from 'vitest';
import { followReducedMotion, moveMap } from './move-map';

function stubMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
}

describe('moveMap', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('jumps without animation when the system asks for reduced motion', () => {
    stubMotion(true);
    const map = { flyTo: vi.fn(), setView: vi.fn() };
    moveMap(map as never, [55.75, 37.61], 14);
    expect(map.flyTo).not.toHaveBeenCalled();
    expect(map.setView).toHaveBeenCalledWith([55.75, 37.61], 14, { animate: false });
  });

  it('flies to the place otherwise', () => {
    stubMotion(false);
    const map = { flyTo: vi.fn(), setView: vi.fn() };
    moveMap(map as never, [55.75, 37.61], 14);
    expect(map.flyTo).toHaveBeenCalledWith([55.75, 37.61], 14);
    expect(map.setView).not.toHaveBeenCalled();
  });
});

describe('Leaflet’s own animations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are off in a map made while reduced motion is asked for', async () => {
    stubMotion(true);
    const { createMap } = await import('./create-map');
    const element = document.createElement('div');
    document.body.append(element);
    const map = createMap(element, { center: { lat: 55.75, lng: 37.61 }, zoom: 10 }, { zoomIn: '+', zoomOut: '-' });
    expect([map.options.zoomAnimation, map.options.markerZoomAnimation, map.options.inertia, map.options.fadeAnimation]).toEqual([false, false, false, false]);
    map.remove();
    element.remove();
  });

  it('stop when the setting changes on a map already made', () => {
    let listener: ((event: { matches: boolean }) => void) | null = null;
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false, media: query,
      addEventListener: (_: string, fn: typeof listener) => { listener = fn; },
      removeEventListener: () => { listener = null; },
    }));
    const map = { options: { zoomAnimation: true, markerZoomAnimation: true, inertia: true }, _zoomAnimated: true };
    const stop = followReducedMotion(map as never);
    listener!({ matches: true });
    expect([map.options.zoomAnimation, map.options.inertia, map._zoomAnimated]).toEqual([false, false, false]);
    listener!({ matches: false });
    expect([map.options.zoomAnimation, map.options.inertia, map._zoomAnimated]).toEqual([true, true, true]);
    stop();
    expect(listener).toBeNull();
  });
});
