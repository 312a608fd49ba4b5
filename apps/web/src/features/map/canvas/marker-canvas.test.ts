import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import L from 'leaflet';
import { formatCount } from '@/lib/format';
import type { DrawItem } from './draw-items';
import { attachMarkerCanvas } from './marker-canvas';

// jsdom draws nothing: a stand-in 2D context records the texts and rings the canvas paints.
function recordingContext() {
  const texts: string[] = [];
  const arcs: number[] = [];
  const context = new Proxy({} as Record<string, unknown>, {
    get(target, key) {
      if (key === 'fillText') return (text: string) => texts.push(text);
      if (key === 'arc') return (_x: number, _y: number, radius: number) => arcs.push(radius);
      if (key in target) return target[key as string];
      return () => undefined;
    },
    set(target, key, value) {
      target[key as string] = value;
      return true;
    },
  });
  return { context, texts, arcs };
}

describe('the marker canvas', () => {
  let element: HTMLElement;
  let recorded: ReturnType<typeof recordingContext>;

  beforeEach(() => {
    recorded = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(recorded.context as never);
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      callback(0);
      return 0;
    });
    element = document.createElement('div');
    document.body.append(element);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    element.remove();
  });

  function setUp(items: DrawItem[]) {
    // jsdom lays nothing out: the map's container says it is 400 × 300.
    Object.defineProperty(element, 'clientWidth', { value: 400 });
    Object.defineProperty(element, 'clientHeight', { value: 300 });
    const map = L.map(element, { center: [55.75, 37.61], zoom: 14 });
    const markers = attachMarkerCanvas(map, (count) => formatCount(count, 'ru'));
    markers.setSource(() => items);
    return { map, markers };
  }

  it('writes cluster counts in a new language once told', () => {
    const { map, markers } = setUp([{ kind: 'cluster', clusterId: 1, lat: 55.75, lng: 37.61, count: 1500, availability: 0, radius: 20 }]);
    expect(recorded.texts.at(-1)).toBe(formatCount(1500, 'ru'));
    markers.setCountFormat((count) => formatCount(count, 'en'));
    expect(recorded.texts.at(-1)).toBe('1.5K');
    expect(formatCount(1500, 'ru')).not.toBe('1.5K');
    markers.destroy();
    map.remove();
  });

  it('rings the keyboard’s marker and lists the markers in view nearest the centre first', () => {
    const near: DrawItem = { kind: 'station', index: 0, lat: 55.751, lng: 37.611, availability: 0, chargeClass: 1, radius: 10 };
    const far: DrawItem = { kind: 'station', index: 1, lat: 55.755, lng: 37.62, availability: 0, chargeClass: 1, radius: 10 };
    const { map, markers } = setUp([far, near]);
    expect(markers.inView().map((p) => p.item)).toEqual([near, far]);
    recorded.arcs.length = 0;
    markers.redraw();
    const without = recorded.arcs.length;
    recorded.arcs.length = 0;
    markers.setFocused(near);
    expect(recorded.arcs.filter((radius) => radius === near.radius + 7).length).toBe(2);
    expect(recorded.arcs.length).toBe(without + 2);
    markers.destroy();
    map.remove();
  });
  it('rings a station pointed at in the list where it is, and off the view points to it from the edge', () => {
    const { map, markers } = setUp([]);
    const container = map.getContainer();
    const station = { kind: 'station' as const, index: -1, lat: 55.75, lng: 37.61, availability: 0, chargeClass: 1, radius: 10 };
    markers.setHighlighted(station);
    const centre = map.latLngToContainerPoint([55.75, 37.61]);
    expect(container.dataset.highlightedAt).toBe(`${Math.round(centre.x)},${Math.round(centre.y)}`);
    expect(container.dataset.highlightedEdge).toBeUndefined();
    expect(recorded.arcs).toContain(station.radius + 5);

    // Far to the east, outside the 400 × 300 view: a pointer on the right edge, at its middle height.
    recorded.arcs.length = 0;
    markers.setHighlighted({ ...station, lng: 38.5 });
    expect(container.dataset.highlightedEdge).toBe('true');
    const [x, y] = container.dataset.highlightedAt!.split(',').map(Number);
    expect(x).toBe(400 - 32);
    expect(Math.abs(y! - 150)).toBeLessThanOrEqual(1);
    expect(recorded.arcs).not.toContain(station.radius + 5);
    expect(recorded.arcs).toEqual([12, 4.5]);

    markers.setHighlighted(null);
    expect(container.dataset.highlightedAt).toBeUndefined();
    expect(container.dataset.highlightedEdge).toBeUndefined();
    markers.destroy();
    map.remove();
  });
});
