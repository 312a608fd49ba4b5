import type L from 'leaflet';
import type { LatLng } from '../model/filter';
import { hitTest, type DrawItem, type Placed } from './draw-items';
import { keyboardOrder, sameItem } from './marker-focus';
import { edgePoint } from './edge-point';
import { paintCluster, paintEdgePointer, paintFocusRing, paintHighlight, paintLocated, paintStation } from './paint';

// Every marker and cluster on ONE canvas over the map (DOM markers stall at ~1,000; the
// issue needs 100,000 stations). The canvas sits still over the container and is redrawn
// from supercluster's answer on every move, in an animation frame.

/** How far in from the map's edge the pointer to a station outside the view stands. */
const EDGE_INSET = 32;

export type MarkerSource = (bbox: [number, number, number, number], zoom: number) => DrawItem[];

export type StationDrawItem = Extract<DrawItem, { kind: 'station' }>;

export type MarkerCanvas = {
  canvas: HTMLCanvasElement;
  redraw: () => void;
  setSource: (source: MarkerSource) => void;
  setSelected: (index: number | null) => void;
  /**
   * A station pointed at elsewhere (the list beside the map): drawn on top, even inside a
   * cluster; outside the view, a pointer on the map's edge turns towards it.
   */
  setHighlighted: (item: StationDrawItem | null) => void;
  setLocated: (position: LatLng | null) => void;
  /** How a cluster's count is written: a new language redraws the counts in it. */
  setCountFormat: (format: (count: number) => string) => void;
  itemAt: (x: number, y: number) => DrawItem | null;
  /** The keyboard's focus (marker-focus.ts): ringed on the canvas while set. */
  setFocused: (item: DrawItem | null) => void;
  /** The markers of the last frame inside the view, in the keyboard's order. */
  inView: () => Placed[];
  /** Called after every frame (the keyboard's set follows the map's moves). */
  onDrawn: (listener: () => void) => () => void;
  destroy: () => void;
};

export function attachMarkerCanvas(map: L.Map, initialFormat: (count: number) => string): MarkerCanvas {
  const container = map.getContainer();
  const canvas = document.createElement('canvas');
  canvas.className = 'marker-canvas';
  canvas.dataset.testid = 'map-canvas';
  // Hidden from assistive technology: the markers' keyboard stop (map-markers-keyboard.tsx)
  // names them one by one, and the list view carries the same stations as text.
  canvas.setAttribute('aria-hidden', 'true');
  container.appendChild(canvas);
  const context = canvas.getContext('2d');

  let source: MarkerSource = () => [];
  let selected: number | null = null;
  let highlighted: StationDrawItem | null = null;
  let located: LatLng | null = null;
  let placed: Placed[] = [];
  let frame = 0;
  let formatCount = initialFormat;
  let focused: DrawItem | null = null;
  const listeners = new Set<() => void>();

  function draw(): void {
    frame = 0;
    if (!context) return;
    const { x: width, y: height } = map.getSize();
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.style.width = `${width}px`;
      canvas.style.height = `${height}px`;
    }
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, width, height);
    // A margin so markers half outside the edge are drawn, not popped in.
    const bounds = map.getBounds().pad(0.1);
    const items = source([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.floor(map.getZoom()));
    placed = items.map((item) => {
      const point = map.latLngToContainerPoint([item.lat, item.lng]);
      return { item, x: point.x, y: point.y };
    });
    let selectedPlace: Placed | undefined;
    for (const place of placed) {
      if (place.item.kind === 'cluster') paintCluster(context, place.item, place.x, place.y, formatCount(place.item.count));
      else if (place.item.index === selected) selectedPlace = place;
      else paintStation(context, place.item, place.x, place.y, false);
    }
    // The chosen station on top of everything, ringed.
    if (selectedPlace?.item.kind === 'station') paintStation(context, selectedPlace.item, selectedPlace.x, selectedPlace.y, true);
    if (highlighted) {
      const point = map.latLngToContainerPoint([highlighted.lat, highlighted.lng]);
      // Outside the view, a pointer on the map's edge shows which way the station lies.
      const edge = edgePoint(point.x, point.y, width, height, EDGE_INSET);
      if (edge) {
        paintEdgePointer(context, edge.x, edge.y, edge.angle);
      } else {
        paintHighlight(context, point.x, point.y, highlighted.radius);
        paintStation(context, highlighted, point.x, point.y, false);
      }
      // For browser tests: where the highlighted marker (or the pointer to it) is, to point at it.
      const at = edge ?? point;
      container.dataset.highlightedAt = `${Math.round(at.x)},${Math.round(at.y)}`;
      if (edge) container.dataset.highlightedEdge = 'true';
      else delete container.dataset.highlightedEdge;
    } else {
      delete container.dataset.highlightedAt;
      delete container.dataset.highlightedEdge;
    }
    const focusedPlace = focused ? placed.find((p) => sameItem(p.item, focused!)) : undefined;
    if (focusedPlace) paintFocusRing(context, focusedPlace.x, focusedPlace.y, focusedPlace.item.radius);
    // For browser tests: where the keyboard's marker is, to point at it.
    if (focusedPlace) container.dataset.focusedAt = `${Math.round(focusedPlace.x)},${Math.round(focusedPlace.y)}`;
    else delete container.dataset.focusedAt;
    if (located) {
      const point = map.latLngToContainerPoint([located.lat, located.lng]);
      paintLocated(context, point.x, point.y);
    }
    // For browser tests and benchmarks: what the last frame showed.
    container.dataset.drawnStations = String(placed.filter((p) => p.item.kind === 'station').length);
    container.dataset.drawnClusters = String(placed.filter((p) => p.item.kind === 'cluster').length);
    container.dataset.drawnAt = String(performance.now());
    performance.mark('map:frame');
    for (const listener of listeners) listener();
  }

  function redraw(): void {
    if (!frame) frame = requestAnimationFrame(draw);
  }

  // Leaflet animates a zoom with a CSS transform of the tile pane; the canvas cannot follow,
  // so it steps aside until the zoom ends instead of showing markers in the wrong places.
  const hide = () => canvas.classList.add('marker-canvas--zooming');
  const show = () => {
    canvas.classList.remove('marker-canvas--zooming');
    redraw();
  };
  map.on('move resize viewreset', redraw);
  map.on('zoomanim', hide);
  map.on('zoomend', show);

  return {
    canvas,
    redraw,
    setSource(next) {
      source = next;
      redraw();
    },
    setSelected(index) {
      selected = index;
      redraw();
    },
    setHighlighted(item) {
      highlighted = item;
      redraw();
    },
    setLocated(position) {
      located = position;
      redraw();
    },
    setCountFormat(format) {
      formatCount = format;
      redraw();
    },
    itemAt: (x, y) => hitTest(placed, x, y),
    setFocused(item) {
      focused = item;
      redraw();
    },
    inView() {
      const { x: width, y: height } = map.getSize();
      return keyboardOrder(placed, width, height);
    },
    onDrawn(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    destroy() {
      if (frame) cancelAnimationFrame(frame);
      listeners.clear();
      map.off('move resize viewreset', redraw);
      map.off('zoomanim', hide);
      map.off('zoomend', show);
      canvas.remove();
    },
  };
}
