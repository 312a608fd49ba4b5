import type { ClusterInput } from '../model/cluster-index';
import { availabilityCode, chargeClassCode } from '../model/codes';
import { clusterRadius, FAST_STATION_RADIUS, STATION_RADIUS, type DrawItem } from './draw-items';

// A quick first frame for a very large answer: stations binned into squares of the screen at
// this zoom, one pass over the arrays (~10 ms for 100,000). It shows while the worker builds
// the real supercluster index (cluster-source.ts), which then replaces it.

const CELL_PX = 64;
const TILE_PX = 256;

function worldX(lng: number, scale: number): number {
  return ((lng + 180) / 360) * scale;
}

function worldY(lat: number, scale: number): number {
  const sin = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180);
  return (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale;
}

type Cell = { count: number; lat: number; lng: number; free: number; busy: number; first: number };

export function gridClusters(points: ClusterInput, bbox: readonly [number, number, number, number], zoom: number): DrawItem[] {
  const [west, south, east, north] = bbox;
  const scale = TILE_PX * 2 ** zoom;
  const cells = new Map<number, Cell>();
  const count = Math.min(points.lat.length, points.lng.length);
  for (let i = 0; i < count; i++) {
    const lat = points.lat[i]!;
    const lng = points.lng[i]!;
    if (lat < south || lat > north || (west <= east ? lng < west || lng > east : lng < west && lng > east)) continue;
    const key = Math.floor(worldX(lng, scale) / CELL_PX) * 1e7 + Math.floor(worldY(lat, scale) / CELL_PX);
    let cell = cells.get(key);
    if (!cell) {
      cell = { count: 0, lat: 0, lng: 0, free: 0, busy: 0, first: i };
      cells.set(key, cell);
    }
    cell.count += 1;
    cell.lat += lat;
    cell.lng += lng;
    const availability = points.availability[i];
    if (availability === availabilityCode.free) cell.free += 1;
    else if (availability === availabilityCode.busy) cell.busy += 1;
  }
  const items: DrawItem[] = [];
  for (const cell of cells.values()) {
    if (cell.count === 1) {
      const i = cell.first;
      const chargeClass = points.chargeClass[i] ?? chargeClassCode.normal;
      items.push({
        kind: 'station', index: i, lat: cell.lat, lng: cell.lng,
        availability: points.availability[i] ?? availabilityCode.offline, chargeClass,
        radius: chargeClass === chargeClassCode.fast ? FAST_STATION_RADIUS : STATION_RADIUS,
      });
      continue;
    }
    const availability = cell.free > 0 ? availabilityCode.free : cell.busy > 0 ? availabilityCode.busy : availabilityCode.offline;
    // clusterId -1: not a supercluster cluster; a tap zooms in two steps instead.
    items.push({
      kind: 'cluster', clusterId: -1, lat: cell.lat / cell.count, lng: cell.lng / cell.count,
      count: cell.count, availability, radius: clusterRadius(cell.count),
    });
  }
  return items;
}
