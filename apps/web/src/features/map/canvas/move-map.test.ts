import { afterEach, describe, expect, it, vi } from 'vitest';
import { moveMap } from './move-map';

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
