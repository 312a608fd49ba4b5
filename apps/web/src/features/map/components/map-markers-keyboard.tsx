import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type L from 'leaflet';
import { distanceText } from '@/components/station/power-text';
import { formatNumber } from '@/lib/format';
import { useStationQuery } from '@/lib/station-query';
import { useDebounced } from '@/lib/use-debounced';
import type { DrawItem } from '../canvas/draw-items';
import type { MarkerCanvas } from '../canvas/marker-canvas';
import { isMoveKey, moveFocus, sameItem } from '../canvas/marker-focus';
import { distanceKm } from '../model/bounds';
import type { StationPoints } from '../model/cluster-index';
import type { LatLng } from '../model/filter';

type ClusterItem = Extract<DrawItem, { kind: 'cluster' }>;

type MapMarkersKeyboardProps = {
  map: L.Map;
  markers: MarkerCanvas;
  points: StationPoints | undefined;
  located: LatLng | null;
  isSignedIn: boolean;
  onSelect: (id: string) => void;
  onExpand: (cluster: ClusterItem) => void;
  /** The marker or cluster the focus is on while the markers hold it, else null (the list beside the map marks its rows). */
  onActive?: (item: DrawItem | null) => void;
};

type Active = { item: DrawItem; stationId: string | null; position: number; size: number };

/** A station's details are asked for once the focus rests on it, not for every marker passed. */
const DETAILS_DELAY_MS = 250;

/**
 * The canvas' markers for the keyboard (WAI-ARIA APG listbox, aria-activedescendant): one tab
 * stop after the map, the arrow keys, Home and End move among the stations and groups in view
 * (marker-focus.ts), the canvas rings the focused one, and its option names it with its distance
 * and free connectors. Enter or Space opens a station as a tap does, or zooms into a group;
 * Escape goes back to the map, whose own arrow keys pan it. The set follows the map's moves.
 */
export function MapMarkersKeyboard({ map, markers, points, located, isSignedIn, onSelect, onExpand, onActive }: MapMarkersKeyboardProps) {
  const { t, i18n } = useTranslation('map');
  // The markers' texts come with the station's (loaded with the map, after the home screen):
  // the map's own namespace is part of the first load.
  const { t: ts } = useTranslation('station', { useSuspense: false });
  const optionId = useId();
  const hintId = useId();
  const [active, setActiveState] = useState<Active | null>(null);
  const [isFocused, setFocused] = useState(false);
  // The frame listener reads the focus as it is now, not as it was at the last render.
  const activeRef = useRef<Active | null>(null);
  const setActive = (next: Active | null) => {
    activeRef.current = next;
    setActiveState(next);
  };

  function pick(index: number, list = markers.inView()): void {
    const place = list[index];
    const next = place
      ? { item: place.item, stationId: place.item.kind === 'station' ? (points?.ids[place.item.index] ?? null) : null, position: index + 1, size: list.length }
      : null;
    setActive(next);
    markers.setFocused(next?.item ?? null);
    onActive?.(next?.item ?? null);
  }

  // The set follows the map: after every frame, the focus stays on its marker if it is still in
  // view (its place in the order may change), else goes to the one nearest the centre.
  useEffect(() => {
    if (!isFocused) return;
    return markers.onDrawn(() => {
      const current = activeRef.current;
      const list = markers.inView();
      const index = current ? list.findIndex((p) => sameItem(p.item, current.item)) : -1;
      if (index < 0) {
        if (current || list.length > 0) pick(0, list);
        return;
      }
      if (current && (current.position !== index + 1 || current.size !== list.length)) {
        setActive({ ...current, position: index + 1, size: list.length });
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- pick reads the latest points
  }, [markers, isFocused, points]);

  // A new answer may number the stations anew: the focused one keeps its focus by its id.
  useEffect(() => {
    const current = activeRef.current;
    if (!points || !current || current.item.kind !== 'station' || current.stationId === null) return;
    if (points.ids[current.item.index] === current.stationId) return;
    const index = points.ids.indexOf(current.stationId);
    const item = index >= 0 ? { ...current.item, index } : null;
    if (item) {
      setActive({ ...current, item });
      markers.setFocused(item);
    } else {
      setActive(null);
      markers.setFocused(null);
    }
  }, [markers, points]);

  const settledId = useDebounced(active?.stationId ?? null, DETAILS_DELAY_MS);
  const details = useStationQuery(settledId === active?.stationId ? settledId : null, isSignedIn);
  const station = details.data;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (isMoveKey(event.key)) {
      event.preventDefault();
      const list = markers.inView();
      const current = active ? list.findIndex((p) => sameItem(p.item, active.item)) : -1;
      pick(moveFocus(event.key, current, list.length), list);
    } else if (event.key === 'Enter' || event.key === ' ') {
      if (!active) return;
      event.preventDefault();
      if (active.item.kind === 'cluster') onExpand(active.item);
      else if (active.stationId) onSelect(active.stationId);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      map.getContainer().focus();
    }
  }

  const language = i18n.language;
  let label = ts('station:mapMarkers.empty');
  if (active?.item.kind === 'cluster') {
    label = ts('station:mapMarkers.cluster', { count: formatNumber(active.item.count, language) });
  } else if (active?.item.kind === 'station') {
    const place = { lat: active.item.lat, lng: active.item.lng };
    const km = distanceKm(located ?? map.getCenter(), place);
    const distance = distanceText(km, language);
    const parts = [
      station && station.id === active.stationId ? station.name : t('map:sheet.title'),
      located ? t('map:away', { distance }) : ts('station:mapMarkers.fromCentre', { distance }),
    ];
    if (station && station.id === active.stationId) {
      parts.push(ts('station:mapMarkers.free', { free: formatNumber(station.freeConnectors, language), total: formatNumber(station.totalConnectors, language) }));
    }
    label = parts.join(', ');
  }

  return (
    <>
    <div
      className="map-markers"
      role="listbox"
      tabIndex={0}
      aria-label={ts('station:mapMarkers.label')}
      aria-describedby={hintId}
      aria-activedescendant={active ? optionId : undefined}
      data-testid="map-markers"
      onKeyDown={onKeyDown}
      onFocus={() => {
        setFocused(true);
        const list = markers.inView();
        const index = active ? list.findIndex((p) => sameItem(p.item, active.item)) : -1;
        pick(index >= 0 ? index : 0, list);
      }}
      onBlur={() => {
        setFocused(false);
        markers.setFocused(null);
        onActive?.(null);
      }}
    >
      {active && (
        <div
          id={optionId}
          role="option"
          aria-selected="true"
          aria-posinset={active.position}
          aria-setsize={active.size}
          data-testid="map-marker-active"
          data-kind={active.item.kind}
          data-station-id={active.stationId ?? undefined}
        >
          {label}
        </div>
      )}
    </div>
    {isFocused && <p className="map-markers__caption" aria-hidden="true" data-testid="map-markers-caption">{label}</p>}
    <p id={hintId} hidden>{active ? ts('station:mapMarkers.hint') : `${label} ${ts('station:mapMarkers.hint')}`}</p>
    </>
  );
}
