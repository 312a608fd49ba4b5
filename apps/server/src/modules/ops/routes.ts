import type { FastifyInstance } from 'fastify';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import { sendError } from '../../plugins/errors';
import { answerUnderPressure } from '../../plugins/pressure';
import { databaseAnswers, migrationsApplied } from './repo';

/**
 * For load balancers (DESIGN.md Operations); not part of the API contract. Under pressure
 * /health still answers (the process is alive, do not restart it) while /ready answers 503
 * like every other route (send the traffic elsewhere for now).
 */
export function opsRoutes(app: FastifyInstance, db: Db): void {
  app.get(
    '/health',
    { schema: { hide: true }, config: { rateLimit: false, ...answerUnderPressure } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/ready',
    { schema: { hide: true }, config: { rateLimit: false } },
    async (request, reply) => {
      try {
        await databaseAnswers(db);
        if (await migrationsApplied(db)) return { status: 'ready' };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
      }
      return sendError(reply, new AppError('SERVICE_UNAVAILABLE'));
    },
  );
}
