import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type L from 'leaflet';
import type { Brand } from '@/lib/brand';
import { formatCount } from '@/lib/format';
import { yieldToMain } from '@/lib/yield';
import { useMapPointsQuery } from '../api/get-map-points';
import { addOfflineGrid, addTiles, createMap, radiusCircle, setMapTexts, showAttribution, tileAttribution } from '../canvas/create-map';
import { createClusterSource, type ClusterSource } from '../canvas/cluster-source';
import type { DrawItem } from '../canvas/draw-items';
import { attachMarkerCanvas, type MarkerCanvas } from '../canvas/marker-canvas';
import { FAST_STATION_RADIUS, STATION_RADIUS } from '../canvas/draw-items';
import { chargeClassCode } from '../model/codes';
import { followReducedMotion, moveMap, prefersReducedMotion } from '../canvas/move-map';
import { boundsCenter, containsBounds, fetchAreaFor } from '../model/bounds';
import { filterToRequest, type Bounds, type LatLng, type StationFilterState } from '../model/filter';
import { saveMapView, type MapViewState } from '../model/map-view-store';
import type { PointedStation, StationPlace } from '../model/station-focus';
import { sameItem } from '../canvas/marker-focus';
import { MapLegend } from './map-legend';
import { MapMarkersKeyboard } from './map-markers-keyboard';
import { MapStatus } from './map-status';
import './map-view.css';

type MapViewProps = {
  initialView: MapViewState;
  brandMap: Brand['map'] | undefined;
  filter: StationFilterState;
  isSignedIn: boolean;
  located: LatLng | null;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  isVisible: boolean;
  /** The list stands beside the map (the split view) and the summary opens there, not over the map. */
  isSplit?: boolean;
  /**
   * A station pointed at in the list beside the map, or the one whose summary the panel shows:
   * ringed on the map, where the map's points have it or else where the list says it is.
   */
  highlighted?: PointedStation | null;
  /** A place the map flies to (a station chosen in the list beside it); each new one once. */
  centreOn?: LatLng | null;
  /**
   * The stations of the marker or cluster under the pointer or the keyboard's focus, or null:
   * the list beside the map marks their rows.
   */
  onHover?: (ids: readonly string[] | null, by: 'pointer' | 'focus') => void;
};

/** A station chosen in the list is shown at least this close: its streets, and it on its own or nearly. */
const CHOSEN_ZOOM = 14;

type Pointing = 'pointer' | 'focus';

function boundsOf(map: L.Map): Bounds {
  const b = map.getBounds();
  return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
}

/**
 * The summary covers the lower part of a phone's map and the right side of a wide one: move
 * the tapped station where it stays visible beside it.
 */
function keepClearOfSheet(map: L.Map, point: L.Point): void {
  const { x: width, y: height } = map.getSize();
  const isWide = window.matchMedia?.('(min-width: 48rem)').matches ?? false;
  const panelWidth = 26 * parseFloat(getComputedStyle(document.documentElement).fontSize || '16');
  const pan = { animate: !prefersReducedMotion() };
  if (isWide && point.x > width - panelWidth) map.panBy([point.x - (width - panelWidth) / 2, 0], pan);
  if (!isWide && point.y > height * 0.35) map.panBy([0, point.y - height * 0.3], pan);
}

/** A cluster tapped or chosen with the keyboard: zoom in until it falls apart. */
function expandCluster(map: L.Map, source: ClusterSource | null, item: Extract<DrawItem, { kind: 'cluster' }>): void {
  void source?.expansionZoom(item, map.getZoom()).then((zoom) => moveMap(map, [item.lat, item.lng], Math.min(zoom, 18)));
}

/** The map itself: loaded lazily with Leaflet and supercluster, after the shell has painted. */
export function MapView({
  initialView, brandMap, filter, isSignedIn, located, selectedId, onSelect, isVisible, isSplit = false, highlighted = null, centreOn = null, onHover,
}: MapViewProps) {
  const { t, i18n } = useTranslation('map');
  // The map's keyboard hint comes with the markers' texts (the station namespace, loaded with the
  // map after the home screen), not in the home's first load.
  const { t: ts, ready: isStationReady } = useTranslation('station', { useSuspense: false });
  const elementRef = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [markers, setMarkers] = useState<MarkerCanvas | null>(null);
  const [area, setArea] = useState<Bounds | null>(null);
  const language = i18n.language;

  // The map is made once; later props reach it through the effects below. Setting Leaflet up
  // takes a phone a while: the map, its grid and the marker canvas come in tasks of their own
  // (apart from React's commit too), so no one long task blocks the first taps.
  useEffect(() => {
    const element = elementRef.current;
    if (!element) return;
    let created: L.Map | null = null;
    let canvas: MarkerCanvas | null = null;
    let stopMotion: (() => void) | null = null;
    let isGone = false;
    const texts = { zoomIn: t('map:zoomIn'), zoomOut: t('map:zoomOut') };
    void (async () => {
      await yieldToMain();
      if (isGone) return;
      const map = createMap(element, initialView, texts);
      created = map;
      stopMotion = followReducedMotion(map);
      await yieldToMain();
      if (isGone) return;
      addOfflineGrid(map);
      await yieldToMain();
      if (isGone) return;
      canvas = attachMarkerCanvas(map, (count) => formatCount(count, language));
      const update = () => {
        const center = map.getCenter();
        saveMapView({ center: { lat: center.lat, lng: center.lng }, zoom: map.getZoom() });
        const viewport = boundsOf(map);
        setArea((current) => (current && containsBounds(current, viewport) ? current : fetchAreaFor(viewport)));
      };
      map.on('moveend', update);
      update();
      setMap(map);
      setMarkers(canvas);
    })();
    return () => {
      isGone = true;
      stopMotion?.();
      canvas?.destroy();
      created?.remove();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- created once; texts apply on the next visit
  }, []);

  // Cluster counts are written in the screen's language, and redrawn when it changes.
  useEffect(() => {
    markers?.setCountFormat((count) => formatCount(count, language));
  }, [markers, language]);

  // The tiles in a task of their own, after the map's first frame.
  useEffect(() => {
    if (!map || !brandMap) return;
    let tiles: L.TileLayer | null = null;
    let isGone = false;
    void yieldToMain().then(() => {
      if (!isGone) tiles = addTiles(map, brandMap);
    });
    return () => {
      isGone = true;
      tiles?.remove();
    };
  }, [map, brandMap]);

  // The zoom buttons' titles and the tiles' attribution follow the screen's language.
  const zoomIn = t('map:zoomIn');
  const zoomOut = t('map:zoomOut');
  useEffect(() => {
    if (map) setMapTexts(map, { zoomIn, zoomOut });
  }, [map, zoomIn, zoomOut]);
  const attribution = brandMap
    ? tileAttribution(brandMap.attribution, (osm) => t('map:attributionOsm', { osm }))
    : null;
  useEffect(() => {
    if (map && attribution) return showAttribution(map, attribution);
  }, [map, attribution]);

  // Stations within a radius count from the driver, or else from the middle of the area shown.
  const origin = located ?? (area ? boundsCenter(area) : null);
  const body = area ? filterToRequest(filter, { bounds: area, origin }) : null;
  const pointsQuery = useMapPointsQuery(body, isSignedIn, isVisible);
  const points = pointsQuery.data;

  // Indexing 100,000 points takes a while: once per answer, not per render or per tap.
  const sourceRef = useRef<ClusterSource | null>(null);
  // What the pointer and the keyboard's focus are on, as last told to the list beside the map.
  const pointedRef = useRef<Record<Pointing, DrawItem | null>>({ pointer: null, focus: null });
  useEffect(() => {
    if (!markers || !points) return;
    performance.mark('map:data');
    const source = createClusterSource(points, markers.redraw);
    sourceRef.current = source;
    // A new answer numbers the stations anew.
    pointedRef.current = { pointer: null, focus: null };
    markers.setSource(source.itemsFor);
    return () => source.destroy();
  }, [markers, points]);

  /**
   * Tells the list beside the map which stations the pointer or the keyboard's focus is on: a
   * marker's one, or all of a cluster's (its index answers, from a worker for a large answer,
   * a moment later; by then the pointer may be elsewhere).
   */
  function point(item: DrawItem | null, by: Pointing): void {
    const last = pointedRef.current[by];
    if (item === last || (item && last && sameItem(item, last))) return;
    pointedRef.current[by] = item;
    if (!onHover) return;
    if (!item || !points) return onHover(null, by);
    if (item.kind === 'station') {
      const id = points.ids[item.index];
      return onHover(id === undefined ? null : [id], by);
    }
    onHover(null, by);
    void sourceRef.current?.stationsIn(item).then((indices) => {
      if (pointedRef.current[by] !== item) return;
      const ids: string[] = [];
      for (let i = 0; i < indices.length; i++) {
        const id = points.ids[indices[i]!];
        if (id !== undefined) ids.push(id);
      }
      onHover(ids, by);
    });
  }

  useEffect(() => {
    if (!map || !markers) return;
    const onClick = (event: L.LeafletMouseEvent) => {
      const item = markers.itemAt(event.containerPoint.x, event.containerPoint.y);
      if (!item) return onSelect(null);
      if (item.kind === 'station') {
        if (!isSplit) keepClearOfSheet(map, event.containerPoint);
        return onSelect(points?.ids[item.index] ?? null);
      }
      expandCluster(map, sourceRef.current, item);
    };
    const onMove = (event: L.LeafletMouseEvent) => {
      const item = markers.itemAt(event.containerPoint.x, event.containerPoint.y);
      map.getContainer().classList.toggle('map--pointer', item !== null);
      point(item, 'pointer');
    };
    const onLeave = () => point(null, 'pointer');
    map.on('click', onClick);
    map.on('mousemove', onMove);
    map.on('mouseout', onLeave);
    return () => {
      map.off('click', onClick);
      map.off('mousemove', onMove);
      map.off('mouseout', onLeave);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- point reads the latest points and onHover
  }, [map, markers, points, onSelect, onHover, isSplit]);

  useEffect(() => {
    const index = selectedId && points ? points.ids.indexOf(selectedId) : -1;
    markers?.setSelected(index >= 0 ? index : null);
  }, [markers, points, selectedId]);

  // The list's station drawn from the map's own points where the map has it, whatever the zoom;
  // else (outside the area the map has loaded) where the list says it is.
  const highlightIndex = highlighted && points ? points.ids.indexOf(highlighted.id) : -1;
  const highlightPlace = highlighted?.place ?? null;
  const isHighlightShown = highlightIndex >= 0 || highlightPlace !== null;
  useEffect(() => {
    if (!markers) return;
    const place: StationPlace | null = points && highlightIndex >= 0
      ? {
          lat: points.lat[highlightIndex] ?? 0,
          lng: points.lng[highlightIndex] ?? 0,
          availability: points.availability[highlightIndex] ?? 0,
          chargeClass: points.chargeClass[highlightIndex] ?? 0,
        }
      : highlightPlace;
    if (!place) return markers.setHighlighted(null);
    markers.setHighlighted({
      kind: 'station',
      index: highlightIndex,
      ...place,
      radius: place.chargeClass === chargeClassCode.fast ? FAST_STATION_RADIUS : STATION_RADIUS,
    });
  }, [markers, points, highlightIndex, highlightPlace]);

  // A station chosen in the list beside the map: the map flies over it.
  useEffect(() => {
    if (map && centreOn) moveMap(map, [centreOn.lat, centreOn.lng], Math.max(map.getZoom(), CHOSEN_ZOOM));
  }, [map, centreOn]);

  useEffect(() => {
    markers?.setLocated(located);
    if (map && located) moveMap(map, [located.lat, located.lng], Math.max(map.getZoom(), 12));
  }, [map, markers, located]);

  const radiusKm = filter.radiusKm;
  const originKey = origin ? `${origin.lat},${origin.lng}` : '';
  useEffect(() => {
    if (!map || radiusKm === null || !originKey) return;
    const [lat = 0, lng = 0] = originKey.split(',').map(Number);
    const circle = radiusCircle({ lat, lng }, radiusKm).addTo(map);
    return () => void circle.remove();
  }, [map, radiusKm, originKey]);

  // A map hidden behind the list has no size; it must measure again when shown.
  useEffect(() => {
    if (map && isVisible) map.invalidateSize();
  }, [map, isVisible]);

  return (
    <div className="map-view">
      <div
        ref={elementRef}
        className="map-view__map"
        role="region"
        aria-label={t('map:mapLabel')}
        aria-describedby="map-hint"
        data-testid="map-container"
        data-highlighted-station={isHighlightShown ? highlighted?.id : undefined}
      />
      <p id="map-hint" className="visually-hidden">{isStationReady ? ts('station:mapMarkers.mapHint') : ''}</p>
      {map && markers && (
        <MapMarkersKeyboard
          map={map}
          markers={markers}
          points={points}
          located={located}
          isSignedIn={isSignedIn}
          onSelect={(id) => {
            const station = points ? points.ids.indexOf(id) : -1;
            if (!isSplit && station >= 0) keepClearOfSheet(map, map.latLngToContainerPoint([points!.lat[station]!, points!.lng[station]!]));
            onSelect(id);
          }}
          onExpand={(item) => expandCluster(map, sourceRef.current, item)}
          onActive={(item) => point(item, 'focus')}
        />
      )}
      <MapLegend />
      <MapStatus query={pointsQuery} />
    </div>
  );
}
