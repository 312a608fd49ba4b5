import type { Deps } from '../deps';
import type { ChargePointConnection } from './connections';

/** What the central system needs from the app (STYLE.md: dependencies as the first argument). */
export type OcppDeps = Pick<
  Deps,
  | 'db'
  | 'config'
  | 'metrics'
  | 'stationReadModel'
  | 'chargePoints'
  | 'chargeEvents'
  | 'userEvents'
  | 'acquirer'
  | 'brand'
>;

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
