// A minimal OCPP 1.6J central system for the simulator's tests: ocpp-rpc's RPCServer on an
// ephemeral loopback port that records every message and answers with defaults a test can
// override. A test fixture, not our server.
import type { AddressInfo } from 'node:net';
import { RPCServer } from 'ocpp-rpc';
import type RpcServerClient from 'ocpp-rpc/lib/server-client';

export type ReceivedCall = { identity: string; action: string; params: Record<string, unknown> };
export type Handshake = { identity: string; authorization?: string; protocols: string[] };
type Responder = (params: Record<string, unknown>, identity: string) => object | Promise<object>;

export type CentralSystem = {
  url: string;
  calls: ReceivedCall[];
  handshakes: Handshake[];
  /** Override the answer to a charge point's message. */
  respond: Record<string, Responder>;
  /** Refuse new sockets with HTTP 503 while true. */
  isRefusing: boolean;
  callsOf(action: string, identity?: string): ReceivedCall[];
  waitForCall(
    action: string,
    predicate?: (params: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedCall>;
  command(identity: string, action: string, params: object): Promise<Record<string, unknown>>;
  /** Cuts a charge point's socket from the server side. */
  kill(identity: string): Promise<void>;
  close(): Promise<void>;
};

export async function startCentralSystem(
  passwords: Record<string, string>,
): Promise<CentralSystem> {
  const server = new RPCServer({ protocols: ['ocpp1.6'], strictMode: true });
  const clients = new Map<string, RpcServerClient>();
  const waiters = new Set<() => void>();
  let nextTransactionId = 1000;
  const now = () => new Date().toISOString();

  const cs: CentralSystem = {
    url: '',
    calls: [],
    handshakes: [],
    isRefusing: false,
    respond: {
      BootNotification: () => ({ status: 'Accepted', currentTime: now(), interval: 300 }),
      Heartbeat: () => ({ currentTime: now() }),
      StatusNotification: () => ({}),
      Authorize: () => ({ idTagInfo: { status: 'Accepted' } }),
      StartTransaction: () => ({
        transactionId: nextTransactionId++,
        idTagInfo: { status: 'Accepted' },
      }),
      StopTransaction: () => ({ idTagInfo: { status: 'Accepted' } }),
      MeterValues: () => ({}),
      DataTransfer: () => ({ status: 'Accepted' }),
      DiagnosticsStatusNotification: () => ({}),
      FirmwareStatusNotification: () => ({}),
    },
    callsOf: (action, identity) =>
      cs.calls.filter((c) => c.action === action && (!identity || c.identity === identity)),
    waitForCall(action, predicate = () => true, timeoutMs = 3000) {
      const find = () => cs.calls.find((c) => c.action === action && predicate(c.params));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const check = () => {
          const call = find();
          if (!call) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(call);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`central system: no ${action} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    async command(identity, action, params) {
      const client = clients.get(identity);
      if (!client) throw new Error(`${identity} is not connected`);
      return (await client.call(action, params)) as Record<string, unknown>;
    },
    async kill(identity) {
      await clients.get(identity)?.close({ force: true });
    },
    async close() {
      await server.close({ force: true });
    },
  };

  server.auth((accept, reject, handshake) => {
    cs.handshakes.push({
      identity: handshake.identity,
      authorization: handshake.headers.authorization,
      protocols: [...handshake.protocols],
    });
    if (cs.isRefusing) return reject(503, 'Service Unavailable');
    if (!handshake.protocols.has('ocpp1.6')) return reject(400, 'ocpp1.6 required');
    const expected = passwords[handshake.identity];
    if (expected === undefined || handshake.password?.toString('utf8') !== expected)
      return reject(401, 'Unauthorized');
    accept();
  });

  server.on('client', (client: RpcServerClient) => {
    const identity = client.identity ?? '';
    clients.set(identity, client);
    client.on('close', () => {
      if (clients.get(identity) === client) clients.delete(identity);
    });
    client.handle(async ({ method, params }) => {
      const action = method ?? '';
      const call = { identity, action, params: (params ?? {}) as Record<string, unknown> };
      cs.calls.push(call);
      for (const waiter of [...waiters]) waiter();
      const responder = cs.respond[action];
      if (!responder) throw new Error(`no answer for ${action}`);
      return (await responder(call.params, identity)) as Record<string, unknown>;
    });
  });

  const httpServer = await server.listen(0, '127.0.0.1');
  cs.url = `ws://127.0.0.1:${(httpServer.address() as AddressInfo).port}/ocpp`;
  return cs;
}
