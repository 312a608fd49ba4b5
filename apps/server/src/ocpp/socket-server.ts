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

  async function handleCall(
    connection: ChargePointConnection,
    action: string,
    handler: ActionHandler<never, object>,
    params: unknown,
  ): Promise<object> {
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
      void connections
        .serial(chargePoint.id, () => chargePointDisconnected(deps, connection))
        .catch((error: unknown) => log.error({ err: error }, 'OCPP disconnect bookkeeping failed'));
    });
  });

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (isClosing) return refuseUpgrade(socket, 503, 'Service Unavailable');
    if (chargePointIdOf(request.url) === undefined) return refuseUpgrade(socket, 404, 'Not Found');
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
