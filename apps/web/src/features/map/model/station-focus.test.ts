import { describe, expect, it } from 'vitest';
import { revealInScroller } from './reveal-row';
import { listMarkIds, mapHighlight, noStationFocus, stationFocusReducer, type PointedStation, type StationFocusAction } from './station-focus';
import { pointedStation } from './station-place';
import { buildStation } from '@/test/builders';
import type { StationSummary } from '@evcharge/api/stations/station-schemas';

function run(...actions: StationFocusAction[]) {
  return actions.reduce(stationFocusReducer, noStationFocus);
}

const place = { lat: 43.24, lng: 76.9, availability: 0, chargeClass: 2 };
const listed = (id: string): PointedStation => ({ id, place });
const hover = (id: string | null): StationFocusAction => ({ type: 'list', by: 'pointer', station: id === null ? null : listed(id) });
const focus = (id: string | null): StationFocusAction => ({ type: 'list', by: 'focus', station: id === null ? null : listed(id) });
const mapHover = (...ids: string[]): StationFocusAction => ({ type: 'map', by: 'pointer', ids: ids.length ? ids : null });
const mapFocus = (...ids: string[]): StationFocusAction => ({ type: 'map', by: 'focus', ids: ids.length ? ids : null });
const chosenOnMap = (id: string | null): StationFocusAction => ({ type: 'select', station: id === null ? null : { id, place: null } });
const marked = (state: ReturnType<typeof run>) => {
  const ids = listMarkIds(state);
  return ids && [...ids].sort();
};

describe('station focus beside the map', () => {
  it('rings on the map the station whose row is pointed at or focused, where the list says it is', () => {
    expect(mapHighlight(run(hover('a')))).toEqual({ id: 'a', place });
    expect(mapHighlight(run(hover('a'), hover(null)))).toBeNull();
    expect(mapHighlight(run(focus('f')))?.id).toBe('f');
    // The pointer wins while over a row; leaving it, the focused row is ringed again.
    expect(mapHighlight(run(focus('f'), hover('a')))?.id).toBe('a');
    expect(mapHighlight(run(focus('f'), hover('a'), hover(null)))?.id).toBe('f');
    expect(mapHighlight(run(focus('f'), focus(null)))).toBeNull();
    // A marker pointed at on the map is no reason to ring it again.
    expect(mapHighlight(run(mapHover('b')))).toBeNull();
  });

  it('marks in the list the marker or the whole cluster pointed at, else the one focused, else the station chosen', () => {
    expect(marked(run(mapHover('b')))).toEqual(['b']);
    expect(marked(run(mapHover('d', 'b', 'c')))).toEqual(['b', 'c', 'd']);
    expect(marked(run(mapFocus('e', 'f')))).toEqual(['e', 'f']);
    expect(marked(run(mapFocus('e', 'f'), mapHover('b')))).toEqual(['b']);
    expect(marked(run(mapFocus('e', 'f'), mapHover('b'), mapHover()))).toEqual(['e', 'f']);
    expect(marked(run(chosenOnMap('c')))).toEqual(['c']);
    expect(marked(run(chosenOnMap('c'), mapHover('b')))).toEqual(['b']);
    expect(marked(run(chosenOnMap('c'), mapHover('b'), mapHover()))).toEqual(['c']);
    expect(marked(run(chosenOnMap('c'), chosenOnMap(null)))).toBeNull();
    // An empty cluster answer (the quick grid's stand-in clusters) marks nothing.
    expect(marked(run({ type: 'map', by: 'pointer', ids: [] }))).toBeNull();
  });

  it('opens a row chosen in the list: its station is chosen, ringed where the list says, and the row pointing is over', () => {
    const state = run(hover('a'), focus('b'), { type: 'select', station: listed('a') });
    expect(state.selected).toEqual({ id: 'a', place });
    expect(state.list).toEqual({ pointer: null, focus: null });
    expect(mapHighlight(state)).toEqual({ id: 'a', place });
    expect(marked(state)).toEqual(['a']);
    // Back to the list: nothing chosen, nothing ringed.
    const closed = stationFocusReducer(state, chosenOnMap(null));
    expect(closed.selected).toBeNull();
    expect(mapHighlight(closed)).toBeNull();
  });

  it('rings the station chosen on the map by its id (the map has it among its own points)', () => {
    expect(mapHighlight(run(chosenOnMap('c')))).toEqual({ id: 'c', place: null });
  });

  it('keeps the same state for a repeated pointing, so a pointer moving over one row re-renders nothing', () => {
    // Nothing pointed at on the map, and still nothing.
    expect(stationFocusReducer(noStationFocus, mapHover())).toBe(noStationFocus);
    const pointed = run(hover('a'));
    expect(stationFocusReducer(pointed, hover('a'))).toBe(pointed);
    const chosen = run(chosenOnMap('c'));
    expect(stationFocusReducer(chosen, chosenOnMap('c'))).toBe(chosen);
  });

  it('draws a listed station with the marker codes of the points answer', () => {
    const station = { ...buildStation(), lat: 43.2, lng: 76.8, availability: 'busy', chargeClass: 'slow' } as unknown as StationSummary;
    expect(pointedStation(station)).toEqual({ id: station.id, place: { lat: 43.2, lng: 76.8, availability: 1, chargeClass: 0 } });
  });
});

describe('revealInScroller', () => {
  function boxes(scrollTop: number, box: { top: number; bottom: number }, item: { top: number; bottom: number }) {
    const scroller = document.createElement('div');
    const row = document.createElement('div');
    scroller.scrollTop = scrollTop;
    scroller.getBoundingClientRect = () => ({ ...box }) as DOMRect;
    row.getBoundingClientRect = () => ({ ...item }) as DOMRect;
    return { scroller, row };
  }

  it('scrolls a row below the view up just enough to show it whole', () => {
    const { scroller, row } = boxes(100, { top: 50, bottom: 450 }, { top: 480, bottom: 580 });
    revealInScroller(scroller, row);
    expect(scroller.scrollTop).toBe(230);
  });

  it('scrolls a row above the view down to its top', () => {
    const { scroller, row } = boxes(300, { top: 50, bottom: 450 }, { top: -20, bottom: 80 });
    revealInScroller(scroller, row);
    expect(scroller.scrollTop).toBe(230);
  });

  it('leaves a row already in view where it is, and never moves focus', () => {
    const { scroller, row } = boxes(100, { top: 50, bottom: 450 }, { top: 200, bottom: 300 });
    const before = document.activeElement;
    revealInScroller(scroller, row);
    expect(scroller.scrollTop).toBe(100);
    expect(document.activeElement).toBe(before);
  });

  it('shows the top of a row taller than the view', () => {
    const { scroller, row } = boxes(0, { top: 0, bottom: 300 }, { top: 400, bottom: 900 });
    revealInScroller(scroller, row);
    expect(scroller.scrollTop).toBe(400);
  });
});
