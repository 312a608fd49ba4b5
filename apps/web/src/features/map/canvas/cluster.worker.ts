/// <reference lib="webworker" />
import type Supercluster from 'supercluster';
import { buildClusterIndex, type ClusterProps, type PointProps } from '../model/cluster-index';
import { toDrawItems } from './draw-items';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

// Builds the supercluster index of a large answer off the main thread (about a second for
// 100,000 stations here), so the map keeps panning while it works, and answers queries.
let index: Supercluster<PointProps, ClusterProps> | null = null;

function reply(message: WorkerReply): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);
}

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const message = event.data;
  if (message.type === 'load') {
    index = buildClusterIndex(message);
    reply({ type: 'ready' });
  } else if (message.type === 'query' && index) {
    reply({ type: 'items', id: message.id, items: toDrawItems(index.getClusters(message.bbox, message.zoom)) });
  } else if (message.type === 'expansion' && index) {
    reply({ type: 'expansion', id: message.id, zoom: index.getClusterExpansionZoom(message.clusterId) });
  } else if (message.type === 'leaves' && index) {
    const indices = Int32Array.from(index.getLeaves(message.clusterId, Infinity), (leaf) => leaf.properties.index);
    (self as unknown as DedicatedWorkerGlobalScope).postMessage({ type: 'leaves', id: message.id, indices } satisfies WorkerReply, [indices.buffer]);
  }
};
