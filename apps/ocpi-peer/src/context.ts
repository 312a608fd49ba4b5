import type { PeerConfig } from './config';
import type { FaultState } from './faults';
import type { PeerStore } from './store';

// What the routes, the client and the pushes share: one object handed to each as `deps`.

export type PushLogEntry = {
  method: string;
  url: string;
  /** HTTP status of the answer; 0 when none came (refused, timed out). */
  status: number;
  /** The OCPI status_code of the answer, when it had one. */
  ocpiStatus?: number;
  body: unknown;
  at: string;
};

/** A request the peer received, with the OCPI headers it came with (§4.1.4, §4.2). */
export type RequestLogEntry = {
  method: string;
  url: string;
  /** The HTTP status it was answered with (0: never answered, hangNext). */
  status: number;
  requestId?: string;
  correlationId?: string;
  fromCountryCode?: string;
  fromPartyId?: string;
  toCountryCode?: string;
  toPartyId?: string;
  contentType?: string;
  body?: unknown;
};

export type PeerDeps = {
  config: PeerConfig;
  store: PeerStore;
  faults: FaultState;
  now: () => Date;
  /** The most objects one page of a list holds (X-Limit, OCPI 2.2.1 §4.1.3). */
  pageLimit: number;
  /** How long the peer waits for the other party's answers. */
  requestTimeoutMs: number;
  pushLog: PushLogEntry[];
  requestLog: RequestLogEntry[];
};

export const versionsPath = '/ocpi/versions';
export const detailsPath = '/ocpi/2.2.1';
export const cpoBase = '/ocpi/cpo/2.2.1';
export const emspBase = '/ocpi/emsp/2.2.1';
