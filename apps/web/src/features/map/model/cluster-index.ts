import Supercluster, { type PointFeature } from 'supercluster';
import type { z } from 'zod';
import type { stationPointsSchema } from '@evcharge/api/stations/station-schemas';
import { availabilityCode, chargeClassCode } from './codes';

// The points answer is parallel arrays (compact for 100,000 stations); supercluster wants
// GeoJSON features. Codes as the contract sends them: availability 0 free, 1 busy, 2 offline;
// chargeClass 0 slow, 1 normal, 2 fast.
export type StationPoints = z.infer<typeof stationPointsSchema>;

export { availabilityCode, chargeClassCode };

/** One station: `index` into the arrays of the answer. */
export type PointProps = { index: number; availability: number; chargeClass: number };
/** A cluster: how many of its stations are free, busy, offline and fast. */
export type ClusterProps = { free: number; busy: number; offline: number; fast: number };

/** The arrays clustering needs; typed arrays when they travel to the worker. */
export type ClusterInput = {
  lat: ArrayLike<number>;
  lng: ArrayLike<number>;
  availability: ArrayLike<number>;
  chargeClass: ArrayLike<number>;
};

export function toClusterFeatures(points: ClusterInput): PointFeature<PointProps>[] {
  const count = Math.min(points.lat.length, points.lng.length);
  const features: PointFeature<PointProps>[] = new Array(count);
  for (let index = 0; index < count; index++) {
    features[index] = {
      type: 'Feature',
      // GeoJSON order is [longitude, latitude].
      geometry: { type: 'Point', coordinates: [points.lng[index]!, points.lat[index]!] },
      properties: {
        index,
        availability: points.availability[index] ?? availabilityCode.offline,
        chargeClass: points.chargeClass[index] ?? chargeClassCode.normal,
      },
    };
  }
  return features;
}

export function clusterPropsOf(point: PointProps): ClusterProps {
  return {
    free: point.availability === availabilityCode.free ? 1 : 0,
    busy: point.availability === availabilityCode.busy ? 1 : 0,
    offline: point.availability === availabilityCode.offline ? 1 : 0,
    fast: point.chargeClass === chargeClassCode.fast ? 1 : 0,
  };
}

export function mergeClusterProps(total: ClusterProps, add: Readonly<ClusterProps>): void {
  total.free += add.free;
  total.busy += add.busy;
  total.offline += add.offline;
  total.fast += add.fast;
}

/** The colour bucket of a cluster: free if any station in it is free, offline if all are. */
export function clusterAvailability(props: ClusterProps): number {
  if (props.free > 0) return availabilityCode.free;
  if (props.busy > 0) return availabilityCode.busy;
  return availabilityCode.offline;
}

/** Clusters form up to this zoom; closer in, every station is drawn on its own. */
export const CLUSTER_MAX_ZOOM = 16;

export function buildClusterIndex(points: ClusterInput): Supercluster<PointProps, ClusterProps> {
  const index = new Supercluster<PointProps, ClusterProps>({
    // Leaflet tiles are 256 px (supercluster assumes 512): then the radius is in screen pixels.
    extent: 256,
    radius: 56,
    // The map never shows the whole world smaller than zoom 2 (create-map.ts minZoom).
    minZoom: 2,
    maxZoom: CLUSTER_MAX_ZOOM,
    map: clusterPropsOf,
    reduce: mergeClusterProps,
  });
  return index.load(toClusterFeatures(points));
}
