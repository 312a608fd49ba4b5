import { buildClusterIndex, type ClusterInput } from '../model/cluster-index';
import { toDrawItems, type DrawItem } from './draw-items';
import { gridClusters } from './grid-clusters';
import type { BBox, WorkerReply, WorkerRequest } from './worker-protocol';

// Where the marker canvas gets its clusters. A few thousand stations are indexed at once on
// the main thread; a larger answer (100,000 for the benchmark) goes to a worker, and
// until it is ready a quick grid binning draws the first frame so the map is never empty.

export const WORKER_THRESHOLD = 5_000;

type ClusterItem = Extract<DrawItem, { kind: 'cluster' }>;

export type ClusterSource = {
  itemsFor: (bbox: BBox, zoom: number) => DrawItem[];
  /** The zoom at which a tapped cluster falls apart. */
  expansionZoom: (cluster: ClusterItem, currentZoom: number) => Promise<number>;
  /**
   * The stations a cluster stands for (indices into the answer); none for the quick grid's
   * stand-in clusters, drawn only until the real index is ready.
   */
  stationsIn: (cluster: ClusterItem) => Promise<ArrayLike<number>>;
  destroy: () => void;
};

function contains(outer: BBox, inner: BBox): boolean {
  return inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3];
}

/** A viewport grown by half on every side: small pans need no new query. */
function pad([west, south, east, north]: BBox): BBox {
  const dx = (east - west) / 2;
  const dy = (north - south) / 2;
  return [west - dx, Math.max(-90, south - dy), east + dx, Math.min(90, north + dy)];
}

export function createClusterSource(points: ClusterInput, onUpdate: () => void): ClusterSource {
  if (points.lat.length <= WORKER_THRESHOLD || typeof Worker === 'undefined') {
    const index = buildClusterIndex(points);
    performance.mark('map:clustered');
    return {
      itemsFor: (bbox, zoom) => toDrawItems(index.getClusters(bbox, zoom)),
      expansionZoom: async (cluster, currentZoom) =>
        cluster.clusterId >= 0 ? index.getClusterExpansionZoom(cluster.clusterId) : currentZoom + 2,
      stationsIn: async (cluster) =>
        cluster.clusterId >= 0 ? index.getLeaves(cluster.clusterId, Infinity).map((leaf) => leaf.properties.index) : [],
      destroy: () => undefined,
    };
  }

  const worker = new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module' });
  let isReady = false;
  let cached: { zoom: number; bbox: BBox; items: DrawItem[] } | null = null;
  let pending: { id: number; zoom: number; bbox: BBox } | null = null;
  let nextId = 1;
  const expansions = new Map<number, (zoom: number) => void>();
  const leaves = new Map<number, (indices: ArrayLike<number>) => void>();
  const send = (message: WorkerRequest, transfer: Transferable[] = []) => worker.postMessage(message, transfer);

  worker.onmessage = (event: MessageEvent<WorkerReply>) => {
    const message = event.data;
    if (message.type === 'ready') {
      isReady = true;
      performance.mark('map:clustered');
      onUpdate();
    } else if (message.type === 'items' && pending?.id === message.id) {
      cached = { zoom: pending.zoom, bbox: pending.bbox, items: message.items };
      pending = null;
      onUpdate();
    } else if (message.type === 'expansion') {
      expansions.get(message.id)?.(message.zoom);
      expansions.delete(message.id);
    } else if (message.type === 'leaves') {
      leaves.get(message.id)?.(message.indices);
      leaves.delete(message.id);
    }
  };

  const load = {
    type: 'load' as const,
    lat: Float64Array.from(points.lat),
    lng: Float64Array.from(points.lng),
    availability: Uint8Array.from(points.availability),
    chargeClass: Uint8Array.from(points.chargeClass),
  };
  send(load, [load.lat.buffer, load.lng.buffer, load.availability.buffer, load.chargeClass.buffer]);

  function query(bbox: BBox, zoom: number): void {
    if (pending && pending.zoom === zoom && contains(pending.bbox, bbox)) return;
    pending = { id: nextId++, zoom, bbox: pad(bbox) };
    send({ type: 'query', id: pending.id, bbox: pending.bbox, zoom });
  }

  return {
    itemsFor(bbox, zoom) {
      if (!isReady) return gridClusters(points, bbox, zoom);
      if (cached && cached.zoom === zoom && contains(cached.bbox, bbox)) return cached.items;
      query(bbox, zoom);
      // Until the answer comes (a few ms), the last clusters stay where they are.
      return cached?.items ?? gridClusters(points, bbox, zoom);
    },
    expansionZoom(cluster, currentZoom) {
      if (!isReady || cluster.clusterId < 0) return Promise.resolve(currentZoom + 2);
      const id = nextId++;
      return new Promise((resolve) => {
        expansions.set(id, resolve);
        send({ type: 'expansion', id, clusterId: cluster.clusterId });
      });
    },
    stationsIn(cluster) {
      if (!isReady || cluster.clusterId < 0) return Promise.resolve([]);
      const id = nextId++;
      return new Promise((resolve) => {
        leaves.set(id, resolve);
        send({ type: 'leaves', id, clusterId: cluster.clusterId });
      });
    },
    destroy: () => worker.terminate(),
  };
}
