// The charge point's WebSocket to the central system: OCPP-J RPC through ocpp-rpc, with
// subprotocol ocpp1.6, strict schema validation both ways, and security profile 1 (HTTP Basic
// auth with the charge point id and its password).
//
// ocpp-rpc reconnects by itself after a lost socket, but only once it was connected: the
// first connect is retried here. Calls made while it is down are not kept (they fail or time
// out), which is why transaction messages go through our own outbox.
import { RPCClient, type IHandlersOption } from 'ocpp-rpc';
import type { RPC_ClientOptions } from 'ocpp-rpc/lib/client';

export const ocppSubprotocol = 'ocpp1.6';

export type ConnectionOptions = {
  url: string;
  id: string;
  password?: string;
  callTimeoutMs: number;
  pingIntervalMs: number;
  reconnectDelayMs: { initial: number; max: number };
  /** Failed first connects to retry before `open()` rejects; Infinity waits for the server. */
  connectRetries: number;
  log: (line: string) => void;
  onOpen: () => void;
  onDown: (code: number | undefined, reason: string | undefined) => void;
};

export type CommandHandler = (
  params: unknown,
) => Promise<Record<string, unknown>> | Record<string, unknown>;

export type Connection = {
  isOpen(): boolean;
  open(): Promise<void>;
  close(): Promise<void>;
  /** Cuts the socket without a closing handshake and stays down until `open()`. */
  drop(): Promise<void>;
  call(action: string, payload: unknown): Promise<unknown>;
  handle(action: string, handler: CommandHandler): void;
};

/** A CALLERROR from the other side (or our own strict validation), as opposed to a lost socket. */
export function isRpcError(error: unknown): error is Error & { rpcErrorCode: string } {
  return (
    error instanceof Error && typeof (error as { rpcErrorCode?: unknown }).rpcErrorCode === 'string'
  );
}

export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { code?: unknown }).code;
  if (isRpcError(error)) return `${error.rpcErrorCode}: ${error.message}`;
  return typeof status === 'number' ? `HTTP ${status} ${error.message}` : error.message;
}

export function createConnection(options: ConnectionOptions): Connection {
  const clientOptions: Partial<RPC_ClientOptions> = {
    identity: options.id,
    endpoint: options.url.replace(/\/+$/, ''),
    password: options.password ?? null,
    protocols: [ocppSubprotocol],
    strictMode: true,
    reconnect: true,
    callTimeoutMs: options.callTimeoutMs,
    pingIntervalMs: options.pingIntervalMs,
    backoff: {
      initialDelay: options.reconnectDelayMs.initial,
      maxDelay: options.reconnectDelayMs.max,
      factor: 2,
      randomisationFactor: 0.25,
    },
  };
  // The published typings declare every option as required although all have defaults.
  const client = new RPCClient(clientOptions as RPC_ClientOptions);
  let isOpen = false;
  let wantsOpen = false;
  let connecting: Promise<void> | undefined;

  client.on('open', () => {
    isOpen = true;
    options.onOpen();
  });
  client.on('disconnect', ({ code, reason }: { code?: number; reason?: string }) => {
    isOpen = false;
    options.onDown(code, reason);
  });
  client.on('close', () => {
    isOpen = false;
    // ocpp-rpc gave up reconnecting (an intolerable handshake error): keep trying ourselves.
    if (wantsOpen && !connecting) void open().catch(() => undefined);
  });
  client.on(
    'strictValidationFailure',
    ({
      method,
      outbound,
      isCall,
      error,
    }: {
      method: string;
      outbound: boolean;
      isCall: boolean;
      error: unknown;
    }) => {
      options.log(
        `schema violation in ${outbound ? 'outgoing' : 'incoming'} ${method} ${isCall ? 'call' : 'result'}: ${describeError(error)}`,
      );
    },
  );

  async function connectWithRetries(): Promise<void> {
    let delayMs = options.reconnectDelayMs.initial;
    for (let attempt = 1; wantsOpen; attempt++) {
      try {
        await client.connect();
        return;
      } catch (error) {
        options.log(`connect failed (attempt ${attempt}): ${describeError(error)}`);
        if (attempt > options.connectRetries) throw error;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        delayMs = Math.min(options.reconnectDelayMs.max, delayMs * 2);
      }
    }
  }

  function open(): Promise<void> {
    wantsOpen = true;
    connecting ??= connectWithRetries().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    isOpen: () => isOpen,
    open,
    async close() {
      wantsOpen = false;
      await client.close({ code: 1000, reason: 'Station closing' });
      isOpen = false;
    },
    async drop() {
      wantsOpen = false;
      await client.close({ force: true });
      isOpen = false;
    },
    call: (action, payload) => client.call(action, payload),
    handle(action, handler) {
      client.handle(action, async ({ params }: IHandlersOption) => handler(params));
    },
  };
}
