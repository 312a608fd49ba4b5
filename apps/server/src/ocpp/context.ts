import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Metrics } from '../metrics';
import type { ChargePointConnection } from './connections';
import type { ChargePointEvents } from './inbound';

/**
 * What the central system needs from the app (STYLE.md: dependencies as the first argument):
 * its own charge point rows, settings and counters, and where valid messages go on to.
 */
export type OcppDeps = {
  db: Db;
  config: Config;
  metrics: Metrics;
  events: ChargePointEvents;
};

/** One call from a charge point: who sent it, over which socket. */
export type CallContext = {
  deps: OcppDeps;
  connection: ChargePointConnection;
};

/** One plain function per OCPP action, returning the answer (STYLE.md, ocpp-rpc). */
export type ActionHandler<Request, Response> = (
  ctx: CallContext,
  params: Request,
) => Promise<Response>;
