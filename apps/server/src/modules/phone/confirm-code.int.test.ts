import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { User } from '@evcharge/api/common';
import { confirmPhoneCode } from '@evcharge/api/phone/confirm-code';
import { getSelf } from '@evcharge/api/users/get-self';
import type { ErrorBody } from '@evcharge/domain/errors';
import { phoneVerifications, users } from '../../db/schema/users';
import { signedInUser } from '../../test/builders';
import { ageCodes, callerOf, expireCode, sentCode, smsCode, uniquePhone } from '../../test/phone';
import { withTestServer } from '../../test/hooks';

// POST /api/user/codeConf: the right code confirms the phone once; wrong, expired, used and
// dead codes, and the cap on wrong codes per account.

const server = withTestServer();

type Confirmed = { ok: true; user: User };

const confirm = (token: string, code: string, verificationId?: string) =>
  server.call<Confirmed & ErrorBody>(confirmPhoneCode, {
    token,
    body: verificationId ? { code, verificationId } : { code },
  });

/** A code other than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

describe('confirming by SMS', () => {
  it('sets the phone, confirmed, and uses the code once', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, who.token, phone, 'sms');
    const code = await smsCode(server, phone);
    const answer = await confirm(who.token, code);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ id: who.id, phone, isPhoneConfirmed: true });
    const self = await server.call<User>(getSelf, { token: who.token });
    expect(self.body).toMatchObject({ phone, isPhoneConfirmed: true });
    const [row] = await server.db
      .select()
      .from(phoneVerifications)
      .where(eq(phoneVerifications.id, sent.verificationId));
    expect(row?.usedAt).not.toBeNull();

    const reused = await confirm(who.token, code);
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('LINK_INVALID');
    const reusedById = await confirm(who.token, code, sent.verificationId);
    expect(reusedById.body.code).toBe('LINK_INVALID');
  });

  it('says how many tries are left after a wrong code, and the right one still works', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    await sentCode(server, who.token, phone);
    const code = await smsCode(server, phone);
    const first = await confirm(who.token, wrong(code));
    expect(first.status).toBe(400);
    expect(first.body).toMatchObject({ code: 'WRONG_CODE', details: { attemptsLeft: 4 } });
    expect((await confirm(who.token, wrong(code))).body.details).toEqual({ attemptsLeft: 3 });
    expect((await confirm(who.token, code)).status).toBe(200);
  });

  it('kills a code after five wrong tries: then even the right one is LINK_INVALID', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    await sentCode(server, who.token, phone);
    const code = await smsCode(server, phone);
    const left: unknown[] = [];
    for (let i = 0; i < 5; i += 1) left.push((await confirm(who.token, wrong(code))).body.details);
    expect(left).toEqual([4, 3, 2, 1, 0].map((attemptsLeft) => ({ attemptsLeft })));
    const dead = await confirm(who.token, code);
    expect(dead.status).toBe(400);
    expect(dead.body.code).toBe('LINK_INVALID');
    const [user] = await server.db.select().from(users).where(eq(users.id, who.id));
    expect(user?.isPhoneConfirmed).toBe(false);
  });

  it('refuses an expired code', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, who.token, phone);
    const code = await smsCode(server, phone);
    await expireCode(server, sent.verificationId);
    const answer = await confirm(who.token, code);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('LINK_INVALID');
  });

  it('refuses a code a newer send replaced', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const first = await sentCode(server, who.token, phone);
    const oldCode = await smsCode(server, phone);
    await ageCodes(server, { userId: who.id }, 61);
    const second = await sentCode(server, who.token, phone);
    const newCode = await smsCode(server, phone);
    const answer = await confirm(who.token, oldCode, first.verificationId);
    expect(answer.body.code).toBe('LINK_INVALID');
    expect((await confirm(who.token, newCode, second.verificationId)).status).toBe(200);
  });

  it('caps wrong codes per account over its codes: TOO_MANY_REQUESTS with the wait', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    for (let round = 0; round < 2; round += 1) {
      await sentCode(server, who.token, phone);
      const code = await smsCode(server, phone);
      for (let i = 0; i < 5; i += 1) await confirm(who.token, wrong(code));
      await ageCodes(server, { userId: who.id }, 120);
    }
    await sentCode(server, who.token, phone);
    const code = await smsCode(server, phone);
    const answer = await confirm(who.token, code);
    expect(answer.status).toBe(429);
    expect(answer.body.code).toBe('TOO_MANY_REQUESTS');
    const wait = Number(answer.body.details?.retryAfterSeconds);
    // The older code's ten minutes of wrong tries are the first to leave the hour.
    expect(wait).toBeGreaterThan(3600 - 240 - 5);
    expect(wait).toBeLessThanOrEqual(3600 - 240);
    expect(answer.headers.get('retry-after')).toBe(String(wait));
    // Once the wrong tries are an hour old, the code works.
    await ageCodes(server, { userId: who.id }, 3600);
    expect((await confirm(who.token, code)).status).toBe(200);
  });
});

describe('confirming by call', () => {
  it('takes the last 4 digits of the number that called', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, who.token, phone, 'call');
    const caller = await callerOf(server, phone);
    const answer = await confirm(who.token, caller.slice(-4), sent.verificationId);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ phone, isPhoneConfirmed: true });
  });
});

describe('what codeConf refuses', () => {
  it('a QR code typed in: only the SMS from the phone confirms it', async () => {
    const who = await signedInUser(server);
    const sent = await sentCode(server, who.token, uniquePhone(), 'qr');
    const code = sent.qr!.text.slice(-4);
    expect((await confirm(who.token, code)).body.code).toBe('LINK_INVALID');
    expect((await confirm(who.token, code, sent.verificationId)).body.code).toBe('LINK_INVALID');
  });

  it('with no code sent at all', async () => {
    const who = await signedInUser(server);
    expect((await confirm(who.token, '1234')).body.code).toBe('LINK_INVALID');
  });

  it('another user’s verification: not found, and nothing changes', async () => {
    const owner = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, owner.token, phone);
    const code = await smsCode(server, phone);
    const stranger = await signedInUser(server);
    const answer = await confirm(stranger.token, code, sent.verificationId);
    expect(answer.status).toBe(404);
    const [user] = await server.db.select().from(users).where(eq(users.id, stranger.id));
    expect(user?.phone).toBeNull();
    expect((await confirm(owner.token, code)).status).toBe(200);
  });

  it.each([
    [{ code: '12a4' }, 'code', 'phoneCode'],
    [{ code: '123' }, 'code', 'phoneCode'],
    [{ code: '12345' }, 'code', 'phoneCode'],
    [{}, 'code', 'required'],
    [{ code: '1234', verificationId: 'nope' }, 'verificationId', 'invalid'],
  ])('bad input %j', async (body, path, rule) => {
    const who = await signedInUser(server);
    const answer = await server.call<ErrorBody>(confirmPhoneCode, { token: who.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toContainEqual({ path, rule });
  });

  it('without a token', async () => {
    expect((await server.call(confirmPhoneCode, { body: { code: '1234' } })).status).toBe(401);
  });
});
