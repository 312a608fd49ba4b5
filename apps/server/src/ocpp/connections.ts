import type { FastifyBaseLogger } from 'fastify';
import type RpcServerClient from 'ocpp-rpc/lib/server-client';

/** One charge point's open socket on this instance. */
export type ChargePointConnection = {
  chargePointId: string;
  stationId: string;
  client: RpcServerClient;
  log: FastifyBaseLogger;
  /** The Heartbeat interval it was given; with the grace it bounds silence (presence.ts). */
  heartbeatSeconds: number;
  /** Any message counts as a sign of life, not only Heartbeat. */
  lastSeenMs: number;
  lastSeenWrittenMs: number;
  /**
   * What this socket wrote to charge_points.connected_at: its close clears the column only
   * while it still holds this value, so a newer socket (here or on another instance) wins.
   */
  connectedAt: Date;
  /** Its calls handled and not yet answered (message-limit.ts). */
  callsInFlight: number;
  /** Calls refused for the limit since it was last logged, and when that was. */
  refusedCalls: number;
  refusalLoggedMs: number | undefined;
  /** Closed for a flood: what still arrives is refused. */
  isFlooding: boolean;
};

export type Connections = {
  get(chargePointId: string): ChargePointConnection | undefined;
  all(): ChargePointConnection[];
  /** Adds a connection; returns the one it replaced (a charge point has one socket). */
  add(connection: ChargePointConnection): ChargePointConnection | undefined;
  /** Removes it if it is still the current one; false when a newer socket replaced it. */
  remove(connection: ChargePointConnection): boolean;
  size(): number;
  /**
   * Runs work for one charge point after the work queued before it: its messages, and the
   * connect and disconnect bookkeeping, reach the database in the order they happened.
   */
  serial<T>(chargePointId: string, work: () => Promise<T>): Promise<T>;
  /** Resolves once no work is queued (shutdown waits for it before the database closes). */
  idle(): Promise<void>;
};

export function createConnections(): Connections {
  const byId = new Map<string, ChargePointConnection>();
  const tails = new Map<string, Promise<void>>();

  return {
    get: (id) => byId.get(id),
    all: () => [...byId.values()],
    add(connection) {
      const previous = byId.get(connection.chargePointId);
      byId.set(connection.chargePointId, connection);
      return previous;
    },
    remove(connection) {
      if (byId.get(connection.chargePointId) !== connection) return false;
      byId.delete(connection.chargePointId);
      return true;
    },
    size: () => byId.size,
    serial(id, work) {
      const run = (tails.get(id) ?? Promise.resolve()).then(work);
      const tail = run.then(
        () => undefined,
        () => undefined,
      );
      tails.set(id, tail);
      void tail.then(() => {
        if (tails.get(id) === tail) tails.delete(id);
      });
      return run;
    },
    async idle() {
      while (tails.size > 0) await Promise.all(tails.values());
    },
  };
}
