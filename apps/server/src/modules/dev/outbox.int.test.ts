import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { getOutbox } from '@evcharge/api/dev/get-outbox';
import { inboundSms } from '@evcharge/api/phone/inbound-sms';
import { outboxMessages } from '../../db/schema/outbox';
import { createUser } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

type Outbox = { messages: { to: string; subject: string; body: string; channel: string }[] };

describe('GET /api/dev/outbox', () => {
  it('lists stored mail, newest first, filtered by recipient', async () => {
    const user = await createUser(server.db);
    await server.call(resetPassword, { body: { email: user.email } });
    await server.call(resetPassword, { body: { email: user.email, Lang: 'en' } });
    const res = await server.call<Outbox>(getOutbox, { query: { to: user.email } });
    expect(res.status).toBe(200);
    expect(res.body.messages).toHaveLength(2);
    expect(res.body.messages[0]).toMatchObject({
      to: user.email,
      channel: 'email',
      subject: 'evcharge: set a new password',
    });
    const all = await server.call<Outbox>(getOutbox);
    expect(all.body.messages.length).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /dev/outbox', () => {
  it('renders an escaped HTML page with clickable links and no script', async () => {
    await server.db.insert(outboxMessages).values({
      channel: 'email',
      to: 'html@example.test',
      subject: '<script>alert(1)</script>',
      body: 'Open http://evcharge.test/resetPage?token=abc&x=1 now <b>bold</b>',
    });
    const res = await server.fetch('/dev/outbox');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain(
      '<a href="http://evcharge.test/resetPage?token=abc&amp;x=1">http://evcharge.test/resetPage?token=abc&amp;x=1</a>',
    );
  });
});

describe('outside demo mode (DEMO_MODE=false)', () => {
  let real: TestServer;
  beforeAll(async () => {
    real = await startTestServer({
      config: { demoMode: false },
      mailer: { transport: 'smtp', send: async () => {} },
    });
  });
  afterAll(async () => {
    await real?.close();
  });

  it('has no outbox, no developer pages and no inbound SMS without a secret', async () => {
    expect((await real.call(getOutbox)).status).toBe(404);
    const page = await real.fetch('/dev/outbox', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(404);
    expect(await page.json()).toMatchObject({ code: 'NOT_FOUND' });
    const form = await real.fetch('/dev/outbox/inbound-sms', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'from=%2B79991234567&text=1234',
    });
    expect(form.status).toBe(404);
    const sms = await real.call(inboundSms, { body: { from: '+79991234567', text: '1234' } });
    expect(sms.status).toBe(404);
  });

  it('still has the same paths in demo mode', async () => {
    expect((await server.call(getOutbox)).status).toBe(200);
    const sms = await server.call(inboundSms, { body: { from: '+79991234567', text: '1234' } });
    expect(sms.status).toBe(200);
  });
});
