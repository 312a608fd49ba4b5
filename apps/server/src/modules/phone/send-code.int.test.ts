import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sendPhoneCode } from '@evcharge/api/phone/send-code';
import { normalisePhone } from '@evcharge/domain/phone';
import type { ErrorBody } from '@evcharge/domain/errors';
import { phoneVerifications, users } from '../../db/schema/users';
import { signedInUser } from '../../test/builders';
import { callerOf, sendCode, sentCode, smsCode, uniquePhone } from '../../test/phone';
import { CODE_VALID_MINUTES, QR_VALID_MINUTES, RESEND_WAIT_SECONDS } from './limits';
import { withTestServer } from '../../test/hooks';

// POST /api/user/codeSend: the three methods, what each sends, and the inputs it refuses.

const server = withTestServer();

const minutesFromNow = (iso: string) => (Date.parse(iso) - Date.now()) / 60_000;

describe('sending a code', () => {
  it('texts a 4-digit code in the user’s language and stores only its hash', async () => {
    const who = await signedInUser(server, { lang: 'ru' });
    const phone = uniquePhone();
    const answer = await sentCode(server, who.token, phone, 'sms');
    expect(answer).toMatchObject({
      method: 'sms',
      phone,
      codeLength: 4,
      resendAfterSeconds: RESEND_WAIT_SECONDS,
    });
    expect(answer.qr).toBeUndefined();
    expect(minutesFromNow(answer.expiresAt)).toBeGreaterThan(CODE_VALID_MINUTES - 0.5);
    expect(minutesFromNow(answer.expiresAt)).toBeLessThanOrEqual(CODE_VALID_MINUTES + 0.1);
    const sms = await server.outbox.last(phone);
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain('код подтверждения телефона');
    const code = await smsCode(server, phone);
    const [row] = await server.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.id, answer.verificationId));
    expect(row).toMatchObject({ userId: who.id, phone, channel: 'sms', failedAttempts: 0 });
    expect(row!.codeHash).not.toContain(code);
    // Only a send: the account's phone is not touched until the code comes back.
    const [user] = await server.db.select().from(users).where(eq(users.id, who.id));
    expect(user).toMatchObject({ phone: null, isPhoneConfirmed: false });
  });

  it('reads the usual spellings of a number into E.164', async () => {
    const who = await signedInUser(server, { lang: 'en' });
    const answer = await sentCode(server, who.token, '8 (999) 555-01-02', 'sms');
    expect(answer.phone).toBe('+79995550102');
    expect((await server.outbox.last('+79995550102')).body).toMatch(
      /^evcharge: your phone confirmation code is \d{4}\./,
    );
  });

  it('calls from a number of the brand’s country whose last 4 digits are the code', async () => {
    const who = await signedInUser(server, { lang: 'en' });
    const phone = uniquePhone();
    const answer = await sentCode(server, who.token, phone, 'call');
    expect(answer.method).toBe('call');
    const caller = await callerOf(server, phone);
    expect(normalisePhone(caller, ['ru'])).toBe(caller);
    expect(caller).not.toBe(phone);
    const call = await server.outbox.last(phone);
    expect(call.body).toContain(`Incoming call from ${caller}`);
    expect(call.body).toContain('last 4 digits');
  });

  it('answers the QR code’s SMS to our inbound number and sends nothing', async () => {
    const who = await signedInUser(server, { lang: 'en' });
    const phone = uniquePhone();
    const answer = await sentCode(server, who.token, phone, 'qr');
    expect(answer.method).toBe('qr');
    expect(minutesFromNow(answer.expiresAt)).toBeGreaterThan(QR_VALID_MINUTES - 0.5);
    const qr = answer.qr!;
    expect(qr.to).toMatch(/^\+7\d{10}$/);
    expect(qr.text).toMatch(/^evcharge code: \d{4}$/);
    expect(qr.uri).toBe(`sms:${qr.to}?body=${encodeURIComponent(qr.text)}`);
    expect(await server.outbox.messages(phone)).toEqual([]);
  });

  it('refuses a new code within the resend wait, saying how long to wait', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    await sentCode(server, who.token, phone);
    const again = await sendCode(server, who.token, phone, 'call');
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('TOO_MANY_REQUESTS');
    const wait = Number(again.body.details?.retryAfterSeconds);
    expect(wait).toBeGreaterThan(RESEND_WAIT_SECONDS - 10);
    expect(wait).toBeLessThanOrEqual(RESEND_WAIT_SECONDS);
    expect(again.headers.get('retry-after')).toBe(String(wait));
    expect(await server.outbox.messages(phone)).toHaveLength(1);
  });
});

describe('bad input', () => {
  it.each([
    ['not a number', 'call me'],
    ['too short', '+7 999 123'],
    ['another country (US)', '+1 202 555 0143'],
    ['a country we serve, but not in this brand (KG)', '+996 555 123 456'],
    ['a country we serve, but not in this brand (LV)', '+371 2012 3456'],
    ['empty', ''],
  ])('refuses %s with rule `phone` and sends nothing', async (_name, phone) => {
    const who = await signedInUser(server);
    const answer = await sendCode(server, who.token, phone);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.fields).toEqual([
      { path: 'phone', rule: phone === '' ? 'required' : 'phone' },
    ]);
    const rows = await server.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.userId, who.id));
    expect(rows).toEqual([]);
  });

  it('accepts AZ and UZ numbers beside RU', async () => {
    const who = await signedInUser(server);
    expect((await sentCode(server, who.token, '+994 50 123 45 67')).phone).toBe('+994501234567');
    const other = await signedInUser(server);
    expect((await sentCode(server, other.token, '+998 90 123 45 67')).phone).toBe('+998901234567');
  });

  it.each([
    [{ phone: '+79990001122', method: 'fax' }, 'method', 'invalid'],
    [{ phone: '+79990001122' }, 'method', 'required'],
    [{ method: 'sms' }, 'phone', 'required'],
  ])('refuses %j', async (body, path, rule) => {
    const who = await signedInUser(server);
    const answer = await server.call<ErrorBody>(sendPhoneCode, { token: who.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toContainEqual({ path, rule });
  });

  it('needs a signed-in user', async () => {
    const answer = await server.call<ErrorBody>(sendPhoneCode, {
      body: { phone: '+79990001122', method: 'sms' },
    });
    expect(answer.status).toBe(401);
  });
});
