import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { createRPCError, RPCServer } from 'ocpp-rpc';
import type RpcServerClient from 'ocpp-rpc/lib/server-client';
import type { ChargePointConnection, Connections } from './connections';
import type { ActionHandler, OcppDeps } from './context';
import type { ChargePointGateway } from './gateway';
import { actionHandlers } from './handlers/actions';
import { checkHandshake, OCPP_SUBPROTOCOL } from './handshake';
import { createMessageLimiter, isTransactionMessage } from './message-limit';
import {
  chargePointConnected,
  chargePointDisconnected,
  noteSeen,
  startPresenceSweep,
} from './presence';
import type { ChargePointRow } from './repo';

/** `ws(s)://host/ocpp/{chargePointId}` on the HTTP server's own port. */
const OCPP_PATH = /^\/ocpp\/([^/]+)$/;
/** OCPP 1.6 messages are small; a bigger frame is a mistake or an attack (STACK.md). */
export const OCPP_MAX_PAYLOAD_BYTES = 64 * 1024;
/** 1012 Service Restart: the charge point should come back (ocpp-rpc clients reconnect). */
const RESTART_CLOSE_CODE = 1012;
/** RFC 6455 §7.4.1 1008: the charge point broke our policy (it floods, message-limit.ts). */
const FLOOD_CLOSE_CODE = 1008;
/** A charge point refused for the limit is logged once a minute at most, with the count. */
const REFUSAL_LOG_EVERY_MS = 60_000;

function refuseUpgrade(socket: Duplex, status: 400 | 404 | 503, text: string): void {
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  }
  socket.destroy();
}

/**
 * The charge point id of an OCPP upgrade URL, or undefined. Decoded here because ocpp-rpc's
 * handleUpgrade decodes outside its try: a malformed `%` would reject unhandled.
 */
function chargePointIdOf(url: string | undefined): string | undefined {
  const match = OCPP_PATH.exec(new URL(url ?? '/', 'http://localhost').pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/** RFC 9110 §5.6.2 token characters. */
const TOKEN_LIST = /^[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*[ \t]*$/;

/**
 * Whether an upgrade's Sec-WebSocket-Protocol is absent or a comma-separated list of tokens
 * (RFC 6455 §4.1): anything else is refused 400 before the WebSocket library reads it.
 */
export function isProtocolList(header: string | string[] | undefined): boolean {
  if (header === undefined) return true;
  return typeof header === 'string' && TOKEN_LIST.test(header);
}

/**
 * The OCPP 1.6J central system (ocpp-rpc, strict mode): upgrades on /ocpp/{id}, security
 * profile 1 before the upgrade completes, one handler per action, presence, and sockets
 * closed with "service restart" when the app closes.
 */
export function registerOcppServer(
  app: FastifyInstance,
  deps: OcppDeps,
  connections: Connections,
  gateway: ChargePointGateway,
): void {
  const { metrics } = deps;
  const rpc = new RPCServer({
    protocols: [OCPP_SUBPROTOCOL],
    strictMode: true,
    callTimeoutMs: deps.config.ocpp.callTimeoutSeconds * 1000,
    wssOptions: { maxPayload: OCPP_MAX_PAYLOAD_BYTES },
  });
  let isClosing = false;
  const limiter = createMessageLimiter(deps.config.ocpp.messageLimits);

  rpc.on('error', (error: unknown) => app.log.error({ err: error }, 'OCPP server error'));
  rpc.auth(async (accept, reject, handshake) => {
    try {
      const verdict = await checkHandshake(deps.db, handshake);
      if (!verdict.isAccepted) {
        app.log.info(
          {
            chargePointId: handshake.identity,
            remoteAddress: handshake.remoteAddress,
            status: verdict.status,
          },
          'OCPP handshake refused',
        );
        return reject(verdict.status, verdict.reason);
      }
      accept({ chargePoint: verdict.chargePoint }, OCPP_SUBPROTOCOL);
    } catch (error) {
      app.log.error({ err: error }, 'OCPP handshake failed');
      reject(500, 'Internal Server Error');
    }
  });

  /**
   * A call beyond what the charge point may send (message-limit.ts): counted and logged now
   * and then; a flood far above the limit closes the socket, with the reason logged.
   */
  function overLimit(connection: ChargePointConnection, action: string, isFlood: boolean): void {
    metrics.ocppMessages.inc({ action, direction: 'in', outcome: 'refused' });
    const { log } = connection;
    const { burst, perSecond, floodFactor } = deps.config.ocpp.messageLimits;
    connection.refusedCalls += 1;
    if (isFlood && !connection.isFlooding) {
      connection.isFlooding = true;
      log.warn(
        {
          refused: connection.refusedCalls,
          callsInFlight: connection.callsInFlight,
          burst,
          perSecond,
          floodFactor,
        },
        'OCPP charge point floods: closing its connection',
      );
      connection.refusedCalls = 0;
      void connection.client
        .close({ code: FLOOD_CLOSE_CODE, reason: 'Too many messages' })
        .catch((error: unknown) => log.debug({ err: error }, 'closing a flooding socket failed'));
      return;
    }
    const now = Date.now();
    if (
      connection.refusalLoggedMs === undefined ||
      now - connection.refusalLoggedMs >= REFUSAL_LOG_EVERY_MS
    ) {
      log.warn(
        { action, refused: connection.refusedCalls, burst, perSecond },
        'OCPP charge point sends too many messages: refusing the excess',
      );
      connection.refusalLoggedMs = now;
      connection.refusedCalls = 0;
    }
  }

  async function handleCall(
    connection: ChargePointConnection,
    action: string,
    handler: ActionHandler<never, object>,
    params: unknown,
  ): Promise<object> {
    const admission = connection.isFlooding
      ? 'close'
      : limiter.admit(
          connection.chargePointId,
          {
            isTransaction: isTransactionMessage(action, params),
            inFlight: connection.callsInFlight,
          },
          Date.now(),
        );
    if (admission !== 'admit') {
      overLimit(connection, action, admission === 'close');
      // OCPP-J 1.6 §4.2.3: no code says "too many"; the description does.
      throw createRPCError(
        'GenericError',
        'Too many messages from this charge point: send it later',
      );
    }
    connection.callsInFlight += 1;
    const stopTimer = metrics.ocppHandlingDuration.startTimer({ action });
    try {
      const answer = await connections.serial(connection.chargePointId, async () => {
        await noteSeen(deps, connection);
        return handler({ deps, connection }, params as never);
      });
      metrics.ocppMessages.inc({ action, direction: 'in', outcome: 'ok' });
      return answer;
    } catch (error) {
      metrics.ocppMessages.inc({ action, direction: 'in', outcome: 'error' });
      connection.log.error({ err: error, action }, 'OCPP handler failed');
      // No internals on the wire. A conforming charge point retries transaction messages.
      throw createRPCError('InternalError', 'The central system could not process the message');
    } finally {
      connection.callsInFlight -= 1;
      stopTimer();
    }
  }

  rpc.on('client', (client: RpcServerClient) => {
    const { chargePoint } = client.session as { chargePoint: ChargePointRow };
    const now = Date.now();
    const connection: ChargePointConnection = {
      chargePointId: chargePoint.id,
      stationId: chargePoint.stationId,
      client,
      log: app.log.child({ chargePointId: chargePoint.id }),
      heartbeatSeconds: chargePoint.heartbeatSeconds,
      lastSeenMs: now,
      lastSeenWrittenMs: now,
      connectedAt: new Date(now),
      callsInFlight: 0,
      refusedCalls: 0,
      refusalLoggedMs: undefined,
      isFlooding: false,
    };
    const { log } = connection;
    metrics.ocppConnections.inc();
    log.info({ remoteAddress: client.handshake.remoteAddress }, 'OCPP charge point connected');
    const replaced = connections.add(connection);
    if (replaced) {
      // Usually a half-open socket the charge point gave up on.
      log.info('a new socket replaces the old one');
      void replaced.client.close({ force: true });
    }
    void connections
      .serial(chargePoint.id, () => chargePointConnected(deps, connection))
      .then(({ hasBooted }) => {
        // Back without a reboot: OCPP 1.6 does not make it report its connectors again, so
        // ask (the restored statuses stand in meanwhile). Also when the database still had it
        // connected: then this server went down without closing its socket, and what the
        // connectors did meanwhile is known only to the charge point.
        if (hasBooted && !isClosing) {
          gateway
            .triggerMessage(chargePoint.id, { requestedMessage: 'StatusNotification' })
            .catch((error: unknown) =>
              log.debug({ err: error }, 'TriggerMessage on reconnect failed'),
            );
        }
      })
      .catch((error: unknown) => log.error({ err: error }, 'OCPP connect bookkeeping failed'));

    for (const [action, handler] of Object.entries(actionHandlers)) {
      client.handle(action, async ({ params }) => handleCall(connection, action, handler, params));
    }
    client.on('strictValidationFailure', ({ method, outbound, isCall, error }) => {
      // Inbound: the charge point sent something the OCPP schema forbids (it got a CALLERROR).
      // Outbound: a bug of ours (the charge point got InternalError, or the command failed).
      const level = outbound ? 'error' : 'warn';
      log[level]({ action: method, outbound, isCall, err: error }, 'OCPP schema violation');
    });
    client.on('badMessage', ({ error }) => log.warn({ err: error }, 'OCPP message not understood'));
    client.once('close', ({ code, reason }) => {
      metrics.ocppConnections.dec();
      log.info({ code, reason }, 'OCPP charge point disconnected');
      connections.remove(connection);
      limiter.release(chargePoint.id, Date.now());
      void connections
        .serial(chargePoint.id, () => chargePointDisconnected(deps, connection))
        .catch((error: unknown) => log.error({ err: error }, 'OCPP disconnect bookkeeping failed'));
    });
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isClosing) return refuseUpgrade(socket, 503, 'Service Unavailable');
    if (chargePointIdOf(request.url) === undefined) return refuseUpgrade(socket, 404, 'Not Found');
    // ocpp-rpc's parser throws on a subprotocol header that is no list of tokens (an answer 500).
    if (!isProtocolList(request.headers['sec-websocket-protocol']))
      return refuseUpgrade(socket, 400, 'Bad Request');
    void rpc.handleUpgrade(request, socket as Parameters<typeof rpc.handleUpgrade>[1], head);
  };
  app.server.on('upgrade', onUpgrade);
  const stopSweep = startPresenceSweep(deps, connections, app.log);

  // preClose, not onClose: the HTTP server's close waits for every socket, upgraded ones too.
  app.addHook('preClose', async () => {
    isClosing = true;
    await stopSweep();
    await Promise.all(
      connections
        .all()
        .map((c) => c.client.close({ code: RESTART_CLOSE_CODE, reason: 'Server restarting' })),
    );
    await rpc.close({ code: RESTART_CLOSE_CODE, reason: 'Server restarting' });
  });
  // The offline bookkeeping of those closes must reach the database before it closes.
  app.addHook('onClose', async () => {
    await connections.idle();
  });
}
