import type { FastifyInstance } from 'fastify';
import { getOutbox } from '@evcharge/api/dev/get-outbox';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { receiveInboundSms } from '../phone';
import { renderOutboxPage } from './outbox-page';
import { listOutbox } from './repo';

/** Only registered in demo mode (DEMO_MODE=true); otherwise these paths answer 404. */
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

  app.get('/dev/outbox', { schema: { hide: true } }, async (request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderOutboxPage(await listOutbox(db), smsNotice(request.query))),
  );

  // The page's "a phone sends an SMS" form: the QR method's inbound SMS without a gateway.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post('/dev/outbox/inbound-sms', { schema: { hide: true } }, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const from = typeof form.from === 'string' ? form.from.slice(0, 32) : '';
      const text = typeof form.text === 'string' ? form.text.slice(0, 1600) : '';
      const isConfirmed = await receiveInboundSms(deps, { from, text });
      return reply.redirect(`/dev/outbox?sms=${isConfirmed ? 'confirmed' : 'ignored'}`, 303);
    });
  });
}

function smsNotice(query: unknown) {
  const sms = (query as { sms?: unknown } | undefined)?.sms;
  return sms === 'confirmed' || sms === 'ignored' ? sms : undefined;
}
