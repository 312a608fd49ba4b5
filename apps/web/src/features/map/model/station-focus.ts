// Which station the map home points at on a wide screen, where the list and the map stand side
// by side (the split view, 64rem and up): the one chosen (its summary open), the one under the
// pointer or keyboard focus in the list (ringed on the map), and the one under the pointer on
// the map (marked in the list). Each side shows the other's pointing, never its own: a row the
// pointer is on needs no mark of its own, nor does a marker.

export type StationFocus = {
  /** The station whose summary is open. */
  selectedId: string | null;
  /** The list row under the pointer. */
  listHoverId: string | null;
  /** The list row holding keyboard focus (apart from the pointer: one leaving a row keeps it). */
  listFocusId: string | null;
  /** The station marker under the pointer. */
  mapHoverId: string | null;
};

export type StationFocusAction =
  | { type: 'select'; id: string | null }
  | { type: 'listHover'; id: string | null }
  | { type: 'listFocus'; id: string | null }
  | { type: 'mapHover'; id: string | null };

export const noStationFocus: StationFocus = { selectedId: null, listHoverId: null, listFocusId: null, mapHoverId: null };

export function stationFocusReducer(state: StationFocus, action: StationFocusAction): StationFocus {
  switch (action.type) {
    case 'select':
      if (state.selectedId === action.id) return state;
      // Choosing a station replaces the list with its summary: the list's pointing is over.
      return { ...state, selectedId: action.id, listHoverId: null, listFocusId: null };
    case 'listHover':
      return state.listHoverId === action.id ? state : { ...state, listHoverId: action.id };
    case 'listFocus':
      return state.listFocusId === action.id ? state : { ...state, listFocusId: action.id };
    case 'mapHover':
      return state.mapHoverId === action.id ? state : { ...state, mapHoverId: action.id };
  }
}

/** The station the map rings for the list: the row under the pointer, else the focused one. */
export function mapHighlightId(state: StationFocus): string | null {
  return state.listHoverId ?? state.listFocusId;
}

/** The list row marked for the map: the marker pointed at, else the station chosen. */
export function listMarkId(state: StationFocus): string | null {
  return state.mapHoverId ?? state.selectedId;
}
