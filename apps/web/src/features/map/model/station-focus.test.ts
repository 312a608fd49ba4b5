import { describe, expect, it } from 'vitest';
import { revealInScroller } from './reveal-row';
import { listMarkId, mapHighlightId, noStationFocus, stationFocusReducer, type StationFocusAction } from './station-focus';

function run(...actions: StationFocusAction[]) {
  return actions.reduce(stationFocusReducer, noStationFocus);
}

describe('station focus beside the map', () => {
  it('rings on the map the station whose row is pointed at or focused, and only that', () => {
    expect(mapHighlightId(run({ type: 'listHover', id: 'a' }))).toBe('a');
    expect(mapHighlightId(run({ type: 'listHover', id: 'a' }, { type: 'listHover', id: null }))).toBeNull();
    expect(mapHighlightId(run({ type: 'listFocus', id: 'f' }))).toBe('f');
    // The pointer wins while over a row; leaving it, the focused row is ringed again.
    expect(mapHighlightId(run({ type: 'listFocus', id: 'f' }, { type: 'listHover', id: 'a' }))).toBe('a');
    expect(mapHighlightId(run({ type: 'listFocus', id: 'f' }, { type: 'listHover', id: 'a' }, { type: 'listHover', id: null }))).toBe('f');
    expect(mapHighlightId(run({ type: 'listFocus', id: 'f' }, { type: 'listFocus', id: null }))).toBeNull();
    // A marker pointed at on the map is no reason to ring it again.
    expect(mapHighlightId(run({ type: 'mapHover', id: 'b' }))).toBeNull();
  });

  it('marks in the list the marker pointed at, else the station chosen', () => {
    expect(listMarkId(run({ type: 'mapHover', id: 'b' }))).toBe('b');
    expect(listMarkId(run({ type: 'select', id: 'c' }))).toBe('c');
    expect(listMarkId(run({ type: 'select', id: 'c' }, { type: 'mapHover', id: 'b' }))).toBe('b');
    expect(listMarkId(run({ type: 'select', id: 'c' }, { type: 'mapHover', id: 'b' }, { type: 'mapHover', id: null }))).toBe('c');
    expect(listMarkId(run({ type: 'select', id: 'c' }, { type: 'select', id: null }))).toBeNull();
  });

  it('forgets the row pointed at once a station is chosen (its summary takes the list’s place)', () => {
    const state = run({ type: 'listHover', id: 'a' }, { type: 'listFocus', id: 'b' }, { type: 'select', id: 'a' });
    expect(state.selectedId).toBe('a');
    expect(mapHighlightId(state)).toBeNull();
  });

  it('keeps the same state for a repeated pointing, so a pointer moving over one marker re-renders nothing', () => {
    const state = run({ type: 'mapHover', id: 'b' });
    expect(stationFocusReducer(state, { type: 'mapHover', id: 'b' })).toBe(state);
    const listed = run({ type: 'listHover', id: 'a' });
    expect(stationFocusReducer(listed, { type: 'listHover', id: 'a' })).toBe(listed);
    const chosen = run({ type: 'select', id: 'c' });
    expect(stationFocusReducer(chosen, { type: 'select', id: 'c' })).toBe(chosen);
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
