import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { User } from '@evcharge/api/common';
import { checkPhoneCode } from '@evcharge/api/phone/check-code';
import { inboundSms, SMS_INBOUND_SECRET_HEADER } from '@evcharge/api/phone/inbound-sms';
import type { ErrorBody } from '@evcharge/domain/errors';
import { phoneVerifications, users } from '../../db/schema/users';
import { signedInUser } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { expireCode, sentCode, uniquePhone } from '../../test/phone';
import { withTestServer } from '../../test/hooks';

// The QR method: the QR code makes the phone text its code to our inbound number; the SMS
// gateway posts it to the webhook, and the web polls checkCode until it is confirmed.

const server = withTestServer();

type Status = { status: 'pending' | 'confirmed' | 'expired'; user: User | null };

const check = (token: string, verificationId: string) =>
  server.call<Status & ErrorBody>(checkPhoneCode, { token, body: { verificationId } });

const receive = (target: TestServer, body: object, headers: Record<string, string> = {}) =>
  target.call<{ ok: true; isConfirmed: boolean } & ErrorBody>(inboundSms, { body, headers });

async function isConfirmed(userId: string) {
  const [user] = await server.db.select().from(users).where(eq(users.id, userId));
  return user?.isPhoneConfirmed;
}

describe('confirming by QR code', () => {
  it('is pending until the phone sends the code, then confirmed', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, who.token, phone, 'qr');
    expect((await check(who.token, sent.verificationId)).body).toEqual({
      status: 'pending',
      user: null,
    });
    // Gateways write the sender without the plus, too.
    const answer = await receive(server, { from: phone.slice(1), text: sent.qr!.text });
    expect(answer.body).toEqual({ ok: true, isConfirmed: true });
    const status = await check(who.token, sent.verificationId);
    expect(status.body.status).toBe('confirmed');
    expect(status.body.user).toMatchObject({ phone, isPhoneConfirmed: true });
    // The same SMS again confirms nothing more.
    expect((await receive(server, { from: phone, text: sent.qr!.text })).body.isConfirmed).toBe(
      false,
    );
  });

  it('ignores the code from any other number: nothing changes', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, who.token, phone, 'qr');
    const answer = await receive(server, { from: uniquePhone(), text: sent.qr!.text });
    expect(answer.status).toBe(200);
    expect(answer.body.isConfirmed).toBe(false);
    const [row] = await server.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.id, sent.verificationId));
    expect(row).toMatchObject({ failedAttempts: 0, usedAt: null });
    expect(await isConfirmed(who.id)).toBe(false);
    expect((await check(who.token, sent.verificationId)).body.status).toBe('pending');
  });

  it('counts a wrong code from the right phone; five of them end the code', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, who.token, phone, 'qr');
    const code = sent.qr!.text.slice(-4);
    const other = String((Number(code) + 1) % 10_000).padStart(4, '0');
    for (let i = 0; i < 5; i += 1) {
      expect((await receive(server, { from: phone, text: `code ${other}` })).body.isConfirmed).toBe(
        false,
      );
    }
    expect((await check(who.token, sent.verificationId)).body.status).toBe('expired');
    expect((await receive(server, { from: phone, text: sent.qr!.text })).body.isConfirmed).toBe(
      false,
    );
    expect(await isConfirmed(who.id)).toBe(false);
  });

  it('reports an expired QR code, and its SMS no longer confirms', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, who.token, phone, 'qr');
    await expireCode(server, sent.verificationId);
    expect((await check(who.token, sent.verificationId)).body.status).toBe('expired');
    expect((await receive(server, { from: phone, text: sent.qr!.text })).body.isConfirmed).toBe(
      false,
    );
  });

  it('shows another user’s verification to nobody but its owner', async () => {
    const owner = await signedInUser(server);
    const sent = await sentCode(server, owner.token, uniquePhone(), 'qr');
    const stranger = await signedInUser(server);
    const answer = await check(stranger.token, sent.verificationId);
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('NOT_FOUND');
  });

  it('refuses bad input', async () => {
    const who = await signedInUser(server);
    const bad = await server.call<ErrorBody>(checkPhoneCode, {
      token: who.token,
      body: { verificationId: 'x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual([{ path: 'verificationId', rule: 'invalid' }]);
    expect((await server.call(checkPhoneCode, { body: { verificationId: 'x' } })).status).toBe(401);
    expect((await receive(server, { from: '', text: 'x' })).status).toBe(400);
    expect((await receive(server, { from: 'someone', text: '1234' })).body.isConfirmed).toBe(false);
  });
});

describe('the developer outbox page plays the phone', () => {
  it('posts the form as an inbound SMS and says what happened', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, who.token, phone, 'qr');
    const page = await server.fetch('/dev/outbox');
    expect(await page.text()).toContain('action="/dev/outbox/inbound-sms"');
    const post = (from: string) =>
      server.fetch('/dev/outbox/inbound-sms', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ from, text: sent.qr!.text }).toString(),
        redirect: 'manual',
      });
    const ignored = await post(uniquePhone());
    expect(ignored.status).toBe(303);
    expect(ignored.headers.get('location')).toBe('/dev/outbox?sms=ignored');
    const confirmed = await post(phone);
    expect(confirmed.headers.get('location')).toBe('/dev/outbox?sms=confirmed');
    expect(await (await server.fetch('/dev/outbox?sms=confirmed')).text()).toContain(
      'The SMS confirmed the phone.',
    );
    expect(await isConfirmed(who.id)).toBe(true);
  });
});

describe('who may post inbound SMS', () => {
  it('with SMS_INBOUND_SECRET: only the gateway that sends it', async () => {
    const secret = 'gateway-secret-0123456789';
    const gateway = await startTestServer({
      config: { sms: { inboundSecret: secret, inboundNumber: '+79001112233' } },
    });
    try {
      const who = await signedInUser(gateway);
      const phone = uniquePhone();
      const sent = await sentCode(gateway, who.token, phone, 'qr');
      expect(sent.qr?.to).toBe('+79001112233');
      const body = { from: phone, text: sent.qr!.text };
      const missing = await receive(gateway, body);
      expect(missing.status).toBe(401);
      expect(missing.body.code).toBe('UNAUTHORIZED');
      const wrong = await receive(gateway, body, { [SMS_INBOUND_SECRET_HEADER]: `${secret}x` });
      expect(wrong.status).toBe(401);
      // Refused before the body is looked at.
      expect((await receive(gateway, { junk: 1 })).status).toBe(401);
      const [row] = await gateway.db
        .select()
        .from(phoneVerifications)
        .where(eq(phoneVerifications.id, sent.verificationId));
      expect(row?.usedAt).toBeNull();
      const right = await receive(gateway, body, { [SMS_INBOUND_SECRET_HEADER]: secret });
      expect(right.body).toEqual({ ok: true, isConfirmed: true });
    } finally {
      await gateway.close();
    }
  });

  it('without a secret and outside demo mode: not there', async () => {
    const real = await startTestServer({
      config: { demoMode: false },
      mailer: { transport: 'smtp', send: async () => {} },
    });
    try {
      const answer = await receive(real, { from: uniquePhone(), text: '1234' });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe('NOT_FOUND');
      expect((await real.fetch('/dev/outbox')).status).toBe(404);
    } finally {
      await real.close();
    }
  });
});
