import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirmEmail, sendEmailConfirmation } from '@evcharge/api/auth/confirm-email';
import { signIn } from '@evcharge/api/auth/sign-in';
import { CLIENT_USER_TYPE } from '@evcharge/domain/constants';
import { signUp } from '@evcharge/api/auth/sign-up';
import type { ErrorBody } from '@evcharge/domain/errors';
import { oneTimeTokens, users } from '../../db/schema/users';
import { signUpBody, uniqueEmail } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

type Registered = { id: string; email: string; code: string; token: string };

/** Signs up over HTTP and reads the confirmation mail: its link token and its code. */
async function register(lang = 'en'): Promise<Registered> {
  const email = uniqueEmail();
  const res = await server.call<{ user: { id: string } }>(signUp, {
    body: signUpBody(email, lang),
  });
  expect(res.status).toBe(201);
  return {
    id: res.body.user.id,
    email,
    code: await server.outbox.code(email),
    token: await server.outbox.token(email, '/confirm_page'),
  };
}

function wrongCodeFor(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

async function isConfirmed(user: Registered): Promise<boolean | undefined> {
  const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
  return row?.isEmailConfirmed;
}

async function confirmationToken(user: Registered) {
  const [row] = await server.db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.userId, user.id), eq(oneTimeTokens.purpose, 'email_confirm')));
  return row;
}

const byCode = (email: string, code: string) =>
  server.call<ErrorBody>(confirmEmail, { body: { email, code } });

describe('PUT /auth/confirmEmail with the mailed code', () => {
  it('mails a 6-digit code beside the link, in the user language', async () => {
    const user = await register('ru');
    const message = await server.outbox.last(user.email);
    expect(message.body).toContain(`код: ${user.code}`);
    expect(user.code).toMatch(/^\d{6}$/);
  });

  it('confirms with the right code (any case of the e-mail), once', async () => {
    const user = await register();
    const res = await byCode(user.email.toUpperCase(), user.code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await isConfirmed(user)).toBe(true);

    const again = await byCode(user.email, user.code);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('LINK_INVALID');
    // The link of the same mail is spent too, but still says ok: the address is confirmed.
    const link = await server.call(confirmEmail, { body: { token: user.token } });
    expect(link.status).toBe(200);
  });

  it('refuses a wrong code, counts it and changes nothing else', async () => {
    const user = await register();
    const res = await byCode(user.email, wrongCodeFor(user.code));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WRONG_CODE');
    expect(await isConfirmed(user)).toBe(false);
    expect(await confirmationToken(user)).toMatchObject({ usedAt: null, failedAttempts: 1 });
    // The right code still works after a typo.
    expect((await byCode(user.email, user.code)).status).toBe(200);
  });

  it('voids the code after five wrong ones, even for the right code', async () => {
    const user = await register();
    for (let i = 0; i < 5; i++) {
      expect((await byCode(user.email, wrongCodeFor(user.code))).body.code).toBe('WRONG_CODE');
    }
    const right = await byCode(user.email, user.code);
    expect(right.status).toBe(400);
    expect(right.body.code).toBe('LINK_INVALID');
    expect(await isConfirmed(user)).toBe(false);
    expect(await confirmationToken(user)).toMatchObject({ usedAt: null, failedAttempts: 5 });
  });

  it('counts wrong codes sent in parallel: never more than five are tried', async () => {
    const user = await register();
    const wrong = wrongCodeFor(user.code);
    const answers = await Promise.all(Array.from({ length: 12 }, () => byCode(user.email, wrong)));
    const codes = answers.map((res) => res.body.code);
    expect(codes.filter((code) => code === 'WRONG_CODE')).toHaveLength(5);
    expect(codes.filter((code) => code === 'LINK_INVALID')).toHaveLength(7);
    expect((await byCode(user.email, user.code)).body.code).toBe('LINK_INVALID');
    expect(await isConfirmed(user)).toBe(false);
  });

  it('refuses an expired code and leaves the address unconfirmed', async () => {
    const user = await register();
    await server.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const res = await byCode(user.email, user.code);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('LINK_INVALID');
    expect(await isConfirmed(user)).toBe(false);
    expect(await confirmationToken(user)).toMatchObject({ usedAt: null, failedAttempts: 0 });
  });

  it('answers WRONG_CODE for an unknown address', async () => {
    const res = await byCode(uniqueEmail(), '123456');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WRONG_CODE');
  });

  it('keeps the link working as before', async () => {
    const user = await register();
    const res = await server.call(confirmEmail, { body: { token: user.token } });
    expect(res.status).toBe(200);
    expect(await isConfirmed(user)).toBe(true);
    // The code of that mail is spent with it.
    expect((await byCode(user.email, user.code)).body.code).toBe('LINK_INVALID');
  });

  it.each<[string, (email: string) => object, Record<string, string>]>([
    ['nothing', () => ({}), { token: 'required' }],
    ['an e-mail without a code', (email) => ({ email }), { code: 'required' }],
    ['a code without an e-mail', () => ({ code: '123456' }), { email: 'required' }],
    ['a 5-digit code', (email) => ({ email, code: '12345' }), { code: 'invalid' }],
    ['letters in the code', (email) => ({ email, code: '12345a' }), { code: 'invalid' }],
    ['a number for the code', (email) => ({ email, code: 123456 }), { code: 'invalid' }],
    ['a bad e-mail', () => ({ email: 'not-an-email', code: '123456' }), { email: 'email' }],
    ['an empty token', (email) => ({ token: '', email }), { token: 'required' }],
  ])('answers 400 for %s and changes nothing', async (_name, body, expected) => {
    const user = await register();
    const res = await server.call<ErrorBody>(confirmEmail, { body: body(user.email) });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.fromEntries((res.body.fields ?? []).map((f) => [f.path, f.rule]))).toEqual(
      expected,
    );
    expect(await isConfirmed(user)).toBe(false);
    expect(await confirmationToken(user)).toMatchObject({ usedAt: null, failedAttempts: 0 });
  });
});

describe('POST /auth/confirmEmail/send', () => {
  it('mails a new code that works, and the old one no longer does', async () => {
    const user = await register();
    const [signedIn] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(signedIn?.isEmailConfirmed).toBe(false);
    const token = (
      await server.call<{ accessToken: string }>(signIn, {
        body: { login: user.email, password: 'Secret123', userType: CLIENT_USER_TYPE },
      })
    ).body.accessToken;
    const res = await server.call(sendEmailConfirmation, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, sent: true });
    const newCode = await server.outbox.code(user.email);
    if (newCode !== user.code) {
      expect((await byCode(user.email, user.code)).status).toBe(400);
    }
    expect((await byCode(user.email, newCode)).status).toBe(200);
    expect(await isConfirmed(user)).toBe(true);
    // Confirmed: nothing more is sent.
    const again = await server.call(sendEmailConfirmation, { token });
    expect(again.body).toEqual({ ok: true, sent: false });
  });

  it('needs a token', async () => {
    expect((await server.call(sendEmailConfirmation)).status).toBe(401);
  });
});
