import type { ClusterFeature, ClusterProperties, PointFeature } from 'supercluster';
import { clusterAvailability, type ClusterProps, type PointProps } from '../model/cluster-index';
import { availabilityCode, chargeClassCode } from '../model/codes';

// What one frame of the marker canvas shows: supercluster's answer turned into flat items with
// the size each is drawn at (the hit test uses the same size).
export type DrawItem =
  | { kind: 'cluster'; clusterId: number; lat: number; lng: number; count: number; availability: number; radius: number }
  | { kind: 'station'; index: number; lat: number; lng: number; availability: number; chargeClass: number; radius: number };

export const STATION_RADIUS = 10;
export const FAST_STATION_RADIUS = 13;

/**
 * Bubbles grow with the count, slowly: 2 → 15 px, 1,000 and more → 24 px. With the halo they
 * stay within supercluster's 56 px radius, so neighbouring clusters do not cover each other.
 */
export function clusterRadius(count: number): number {
  return Math.round(Math.min(24, 14 + Math.log2(Math.max(2, count))));
}

type Feature = ClusterFeature<ClusterProps> | PointFeature<PointProps>;

function isCluster(feature: Feature): feature is ClusterFeature<ClusterProps> {
  return (feature.properties as Partial<ClusterProperties>).cluster === true;
}

export function toDrawItems(features: readonly Feature[]): DrawItem[] {
  const items: DrawItem[] = features.map((feature) => {
    const [lng = 0, lat = 0] = feature.geometry.coordinates;
    if (isCluster(feature)) {
      const props = feature.properties;
      return {
        kind: 'cluster', clusterId: props.cluster_id, lat, lng, count: props.point_count,
        availability: clusterAvailability(props), radius: clusterRadius(props.point_count),
      };
    }
    const props = feature.properties;
    return {
      kind: 'station', index: props.index, lat, lng, availability: props.availability, chargeClass: props.chargeClass,
      radius: props.chargeClass === chargeClassCode.fast ? FAST_STATION_RADIUS : STATION_RADIUS,
    };
  });
  // Free stations are drawn last, on top: where markers overlap, the useful one shows.
  const rank = (item: DrawItem) => (item.availability === availabilityCode.free ? 2 : item.availability === availabilityCode.busy ? 1 : 0);
  return items.sort((a, b) => rank(a) - rank(b));
}

/** Touch targets of 44 px (WCAG 2.5.5): a small marker is still hit within 22 px. */
export const MIN_HIT_RADIUS = 22;

export type Placed = { item: DrawItem; x: number; y: number };

/** The item under a point, the topmost (last drawn) and nearest first. */
export function hitTest(placed: readonly Placed[], x: number, y: number): DrawItem | null {
  let best: { item: DrawItem; distance: number } | null = null;
  for (let i = placed.length - 1; i >= 0; i--) {
    const { item, x: px, y: py } = placed[i]!;
    const distance = Math.hypot(px - x, py - y);
    if (distance <= item.radius) return item;
    if (distance <= Math.max(MIN_HIT_RADIUS, item.radius + 6) && (!best || distance < best.distance)) {
      best = { item, distance };
    }
  }
  return best?.item ?? null;
}
