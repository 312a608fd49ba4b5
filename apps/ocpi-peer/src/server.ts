import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { statusCodes } from '@evcharge/api/ocpi/types';
import type { PeerDeps, RequestLogEntry } from './context';
import { OcpiError, echoIds, envelope } from './http';
import { coreRoutes } from './routes-core';
import { cpoRoutes } from './routes-cpo';
import { emspRoutes } from './routes-emsp';

// The peer's HTTP side: every answer in the OCPI envelope (OCPI 2.2.1 §4.1.7) with the
// request's X-Request-ID / X-Correlation-ID (§4.2), and the faults it was told to play.

/** Answers 200 once the peer listens, without a token. */
export const healthPath = '/health';

export type PeerServer = {
  app: FastifyInstance;
  /** Releases answers that hang or wait (they end unanswered) so close() can finish. */
  release(): void;
};

export function buildServer(
  deps: PeerDeps,
  options: { logger?: boolean; routes?: (app: FastifyInstance) => void } = {},
): PeerServer {
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });
  const hanging = new Set<Socket>();
  const waits = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  // §4.1.5: bodies are JSON; an empty body is no body (the authorize POST's is optional).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(null, undefined);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new OcpiError(400, statusCodes.invalidParameters, 'The body is not JSON'), undefined);
    }
  });

  const header = (request: FastifyRequest, name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? { [name]: value } : {};
  };
  const logEntry = (request: FastifyRequest, status: number): RequestLogEntry => {
    const h = {
      ...header(request, 'x-request-id'),
      ...header(request, 'x-correlation-id'),
      ...header(request, 'ocpi-from-country-code'),
      ...header(request, 'ocpi-from-party-id'),
      ...header(request, 'ocpi-to-country-code'),
      ...header(request, 'ocpi-to-party-id'),
      ...header(request, 'content-type'),
    };
    const named = (key: string, as: keyof RequestLogEntry) =>
      h[key] === undefined ? {} : { [as]: h[key] };
    return {
      method: request.method,
      url: request.url,
      status,
      ...named('x-request-id', 'requestId'),
      ...named('x-correlation-id', 'correlationId'),
      ...named('ocpi-from-country-code', 'fromCountryCode'),
      ...named('ocpi-from-party-id', 'fromPartyId'),
      ...named('ocpi-to-country-code', 'toCountryCode'),
      ...named('ocpi-to-party-id', 'toPartyId'),
      ...named('content-type', 'contentType'),
      ...(request.body === undefined ? {} : { body: request.body }),
    };
  };
  app.addHook('onResponse', async (request, reply) => {
    if (request.url === healthPath) return;
    deps.requestLog.push(logEntry(request, reply.statusCode));
  });

  app.addHook('onRequest', async (request, reply) => {
    echoIds(request, reply);
    // The liveness probe is no OCPI call: no faults, no log entry.
    if (request.url === healthPath) return;
    if (deps.faults.delayMs > 0)
      await new Promise<void>((resolve) => {
        const wait = {
          timer: setTimeout(() => (waits.delete(wait), resolve()), deps.faults.delayMs),
          resolve,
        };
        waits.add(wait);
      });
    const fault = deps.faults.take();
    if (fault?.kind === 'hang') {
      const socket = request.raw.socket;
      hanging.add(socket);
      deps.faults.hanging += 1;
      socket.once('close', () => {
        hanging.delete(socket);
        deps.faults.hanging -= 1;
      });
      deps.requestLog.push(logEntry(request, 0));
      reply.hijack();
      return;
    }
    if (fault?.kind === 'garble')
      return reply.code(200).type('application/json').send('{"ok":true,"data":');
    if (fault?.kind === 'truncate') {
      // HTTP 200 with a Content-Length for a whole envelope, half of it, then the socket closes.
      const whole = JSON.stringify(envelope(deps, statusCodes.success, { result: 'ACCEPTED', timeout: 30 }));
      deps.requestLog.push(logEntry(request, 200));
      reply.hijack();
      reply.raw.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(whole)),
      });
      reply.raw.write(whole.slice(0, Math.floor(whole.length / 2)), () => reply.raw.destroy());
      return;
    }
    if (fault?.kind === 'fail') {
      if (fault.retryAfter !== undefined) reply.header('Retry-After', String(fault.retryAfter));
      return reply
        .code(fault.httpStatus)
        .send(envelope(deps, statusCodes.serverError, undefined, 'Simulated failure'));
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof OcpiError)
      return reply
        .code(error.httpStatus)
        .send(envelope(deps, error.statusCode, undefined, error.message));
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500)
      return reply
        .code(400)
        .send(envelope(deps, statusCodes.invalidParameters, undefined, (error as Error).message));
    request.log.error(error);
    return reply.code(500).send(envelope(deps, statusCodes.serverError, undefined, 'Server error'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        envelope(
          deps,
          statusCodes.clientError,
          undefined,
          `No endpoint ${request.method} ${request.url}`,
        ),
      ),
  );

  // Outside OCPI and without a token: a process starting the peer (the browser journeys, the
  // demo) waits until it answers here. Every OCPI module needs a credentials token (§4.1.1).
  app.get(healthPath, async () => ({ status: 'ok', name: deps.config.name }));
  coreRoutes(app, deps);
  cpoRoutes(app, deps);
  emspRoutes(app, deps);
  options.routes?.(app);

  return {
    app,
    release() {
      for (const wait of waits) {
        clearTimeout(wait.timer);
        wait.resolve();
      }
      waits.clear();
      for (const socket of hanging) socket.destroy();
      hanging.clear();
    },
  };
}
