import type { DrawItem } from './draw-items';

export type BBox = [west: number, south: number, east: number, north: number];

export type WorkerRequest =
  | { type: 'load'; lat: Float64Array; lng: Float64Array; availability: Uint8Array; chargeClass: Uint8Array }
  | { type: 'query'; id: number; bbox: BBox; zoom: number }
  | { type: 'expansion'; id: number; clusterId: number }
  | { type: 'leaves'; id: number; clusterId: number };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'items'; id: number; items: DrawItem[] }
  | { type: 'expansion'; id: number; zoom: number }
  /** A cluster's stations, as indices into the answer. */
  | { type: 'leaves'; id: number; indices: Int32Array };
