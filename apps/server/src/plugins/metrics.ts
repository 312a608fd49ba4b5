import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '@evcharge/domain/errors';
import type { Metrics } from '../metrics';
import { sendError } from './errors';
import { answerUnderPressure } from './pressure';

export const METRICS_PATH = '/metrics';
// Requests that matched no route (404s, scanners) share one label instead of their URLs.
const UNMATCHED_ROUTE = '<unmatched>';

/** Times every answered request by its route pattern; register it before the routes. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  // A callback hook, not an async one: it runs after every answer.
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (route !== METRICS_PATH) {
      metrics.httpRequestDuration.observe(
        { method: request.method, route, status_code: reply.statusCode },
        reply.elapsedTime / 1000,
      );
    }
    done();
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

// Compared as digests: equal lengths for timingSafeEqual, and no early exit on a prefix.
function hasBearer(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /metrics in the Prometheus text format (DESIGN.md Operations). With `token` set only a
 * scraper sending it as a bearer token gets an answer. It keeps answering under pressure,
 * when the figures matter most.
 */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.get(
    METRICS_PATH,
    { schema: { hide: true }, config: answerUnderPressure },
    async (request, reply) => {
      if (token !== undefined && !hasBearer(request, token)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(reply, new AppError('UNAUTHORIZED'));
      }
      const text = await metrics.registry.metrics();
      return reply.type(metrics.registry.contentType).send(text);
    },
  );
}
