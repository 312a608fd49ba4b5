import type { FastifyInstance } from 'fastify';
import { getOutbox } from '@evcharge/api/dev/get-outbox';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { renderOutboxPage } from './outbox-page';
import { listOutbox } from './repo';

/** Only registered with MAIL_TRANSPORT=outbox; otherwise these paths answer 404. */
export function devRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  route(app, getOutbox, async ({ query }) => ({
    messages: (await listOutbox(db, query.to?.toLowerCase())).map((m) => ({
      id: m.id,
      channel: m.channel,
      to: m.to,
      subject: m.subject,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  }));

  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderOutboxPage(await listOutbox(db))),
  );
}
