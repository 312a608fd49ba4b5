// Which station the map home points at on a wide screen, where the list and the map stand side
// by side (the split view, 64rem and up): the one chosen (its summary open in the panel), the
// one under the pointer or keyboard focus in the list (ringed on the map), and the marker or
// cluster under the pointer or keyboard focus on the map (its stations' rows marked in the
// list). Each side shows the other's pointing, never its own: a row the pointer is on needs no
// mark of its own, nor does a marker.

/** Where a listed station is and how its marker looks (model/codes.ts): enough for the map to
 * ring it even where its own points do not reach (outside the area it has loaded). */
export type StationPlace = { lat: number; lng: number; availability: number; chargeClass: number };

/** A station pointed at: by id, with its place when the list knows it. */
export type PointedStation = { id: string; place: StationPlace | null };

/** The pointer, or the keyboard's focus. */
export type Pointing = 'pointer' | 'focus';

export type StationFocus = {
  /** The station whose summary is open: as the list knew it, or by id alone when chosen on the map. */
  selected: PointedStation | null;
  /** The list rows under the pointer and holding keyboard focus (a pointer leaving a row leaves the focus). */
  list: Record<Pointing, PointedStation | null>;
  /** The stations of the marker or cluster under the pointer, and holding the keyboard's focus, on the map. */
  map: Record<Pointing, ReadonlySet<string> | null>;
};

export type StationFocusAction =
  /** Chosen on the map (by id), or in the list beside it (with its place: the map flies there); null: closed. */
  | { type: 'select'; station: PointedStation | null }
  | { type: 'list'; by: Pointing; station: PointedStation | null }
  | { type: 'map'; by: Pointing; ids: readonly string[] | null };

const nowhere = { pointer: null, focus: null };

export const noStationFocus: StationFocus = { selected: null, list: nowhere, map: nowhere };

export function stationFocusReducer(state: StationFocus, action: StationFocusAction): StationFocus {
  if (action.type === 'select') {
    const { station } = action;
    if (station?.id === state.selected?.id && station?.place === state.selected?.place) return state;
    // Choosing a station replaces the list with its summary: the list's pointing is over.
    return { ...state, selected: station, list: nowhere };
  }
  if (action.type === 'list') {
    return state.list[action.by]?.id === action.station?.id ? state : { ...state, list: { ...state.list, [action.by]: action.station } };
  }
  // The map tells a new pointing only when the pointer or the focus moves to another marker.
  const ids = action.ids?.length ? new Set(action.ids) : null;
  return ids || state.map[action.by] ? { ...state, map: { ...state.map, [action.by]: ids } } : state;
}

/**
 * The station the map rings for the list: the row under the pointer, else the focused one, else
 * the station whose summary the panel shows.
 */
export function mapHighlight(state: StationFocus): PointedStation | null {
  return state.list.pointer ?? state.list.focus ?? state.selected;
}

/** The list rows marked for the map: the marker or cluster pointed at, else focused, else the station chosen. */
export function listMarkIds(state: StationFocus): ReadonlySet<string> | null {
  return state.map.pointer ?? state.map.focus ?? (state.selected && new Set([state.selected.id]));
}
