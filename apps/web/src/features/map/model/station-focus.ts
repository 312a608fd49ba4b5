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

export type StationFocus = {
  /** The station whose summary is open. */
  selectedId: string | null;
  /** The chosen station as the list knew it, or by id alone when chosen on the map. */
  selected: PointedStation | null;
  /** The chosen station's row, as the list marks it (one set per choice: a stable mark). */
  selectedMark: ReadonlySet<string> | null;
  /** The list row under the pointer. */
  listHover: PointedStation | null;
  /** The list row holding keyboard focus (apart from the pointer: one leaving a row keeps it). */
  listFocus: PointedStation | null;
  /** The stations of the marker or cluster under the pointer on the map. */
  mapHoverIds: ReadonlySet<string> | null;
  /** The stations of the marker or cluster holding the map's keyboard focus. */
  mapFocusIds: ReadonlySet<string> | null;
};

export type StationFocusAction =
  /** Chosen on the map (a tap, Enter on a marker), or null: the summary closed. */
  | { type: 'select'; id: string | null }
  /** Chosen in the list beside the map: the map centres on it and marks it. */
  | { type: 'open'; station: PointedStation }
  | { type: 'listHover'; station: PointedStation | null }
  | { type: 'listFocus'; station: PointedStation | null }
  | { type: 'mapHover'; ids: readonly string[] | null }
  | { type: 'mapFocus'; ids: readonly string[] | null };

export const noStationFocus: StationFocus = {
  selectedId: null,
  selected: null,
  selectedMark: null,
  listHover: null,
  listFocus: null,
  mapHoverIds: null,
  mapFocusIds: null,
};

function sameIds(current: ReadonlySet<string> | null, next: readonly string[] | null): boolean {
  if (current === null || next === null || next.length === 0) return current === null && (next === null || next.length === 0);
  return current.size === next.length && next.every((id) => current.has(id));
}

function choose(state: StationFocus, station: PointedStation | null): StationFocus {
  // Choosing a station replaces the list with its summary: the list's pointing is over.
  return {
    ...state,
    selectedId: station?.id ?? null,
    selected: station,
    selectedMark: station ? new Set([station.id]) : null,
    listHover: null,
    listFocus: null,
  };
}

export function stationFocusReducer(state: StationFocus, action: StationFocusAction): StationFocus {
  switch (action.type) {
    case 'select':
      if (state.selectedId === action.id) return state;
      return choose(state, action.id === null ? null : { id: action.id, place: null });
    case 'open':
      if (state.selectedId === action.station.id && state.selected?.place === action.station.place) return state;
      return choose(state, action.station);
    case 'listHover':
      return state.listHover?.id === action.station?.id ? state : { ...state, listHover: action.station };
    case 'listFocus':
      return state.listFocus?.id === action.station?.id ? state : { ...state, listFocus: action.station };
    case 'mapHover':
      return sameIds(state.mapHoverIds, action.ids) ? state : { ...state, mapHoverIds: action.ids?.length ? new Set(action.ids) : null };
    case 'mapFocus':
      return sameIds(state.mapFocusIds, action.ids) ? state : { ...state, mapFocusIds: action.ids?.length ? new Set(action.ids) : null };
  }
}

/**
 * The station the map rings for the list: the row under the pointer, else the focused one, else
 * the station whose summary stands in the panel.
 */
export function mapHighlight(state: StationFocus): PointedStation | null {
  return state.listHover ?? state.listFocus ?? state.selected;
}

/** The list rows marked for the map: the marker or cluster pointed at, else focused, else the station chosen. */
export function listMarkIds(state: StationFocus): ReadonlySet<string> | null {
  return state.mapHoverIds ?? state.mapFocusIds ?? state.selectedMark;
}

