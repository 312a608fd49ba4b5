import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkToken } from '@evcharge/api/auth/check-token';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { setPassword } from '@evcharge/api/auth/set-password';
import { signIn } from '@evcharge/api/auth/sign-in';
import type { ErrorBody } from '@evcharge/domain/errors';
import { oneTimeTokens } from '../../db/schema/users';
import { createUser, signInAs, uniqueEmail, type TestUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

const newPassword = { password: 'Brand9New', repeat: 'Brand9New' };

async function requestReset(user: TestUser) {
  const res = await server.call(resetPassword, { body: { email: user.email } });
  expect(res.status).toBe(200);
}

async function canSignIn(user: TestUser, password: string) {
  const res = await server.call(signIn, { body: { login: user.email, password, userType: 2 } });
  return res.status === 200;
}

describe('PUT /auth/resetPass', () => {
  it('mails a /resetPage link and a 6-digit code in the user language', async () => {
    const user = await createUser(server.db, { lang: 'ru' });
    await requestReset(user);
    const message = await server.outbox.last(user.email);
    expect(message.subject).toContain('пароль');
    const link = await server.outbox.link(user.email, '/resetPage');
    expect(link.origin).toBe('http://evcharge.test');
    expect(await server.outbox.code(user.email)).toMatch(/^\d{6}$/);
  });

  it('answers USER_NOT_FOUND for an unknown e-mail (SPEC §8) and sends nothing', async () => {
    const email = uniqueEmail();
    const res = await server.call<ErrorBody>(resetPassword, { body: { email } });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('USER_NOT_FOUND');
    expect(await server.outbox.messages(email)).toEqual([]);
  });

  it('answers 400 for a malformed e-mail', async () => {
    const res = await server.call<ErrorBody>(resetPassword, { body: { email: 'nope' } });
    expect(res.body.fields).toEqual([{ path: 'email', rule: 'email' }]);
  });
});

describe('PUT /auth/setPassClient', () => {
  it('sets the password by link, once, and signs out old sessions', async () => {
    const user = await createUser(server.db);
    const oldToken = await signInAs(server, user);
    await requestReset(user);
    const token = await server.outbox.token(user.email, '/resetPage');

    expect((await server.call(setPassword, { body: { token, ...newPassword } })).status).toBe(200);
    expect(await canSignIn(user, newPassword.password)).toBe(true);
    expect(await canSignIn(user, user.password)).toBe(false);
    expect((await server.call(checkToken, { token: oldToken })).status).toBe(401);

    const again = await server.call<ErrorBody>(setPassword, { body: { token, ...newPassword } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('LINK_INVALID');
  });

  it('sets the password by e-mail and code, and the code works once', async () => {
    const user = await createUser(server.db);
    await requestReset(user);
    const code = await server.outbox.code(user.email);
    const input = { email: user.email.toUpperCase(), code, ...newPassword };
    expect((await server.call(setPassword, { body: input })).status).toBe(200);
    expect(await canSignIn(user, newPassword.password)).toBe(true);
    const again = await server.call<ErrorBody>(setPassword, { body: input });
    expect(again.body.code).toBe('LINK_INVALID');
  });

  it('refuses a wrong code, and after five wrong ones even the right code', async () => {
    const user = await createUser(server.db);
    await requestReset(user);
    const code = await server.outbox.code(user.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await server.call<ErrorBody>(setPassword, {
        body: { email: user.email, code: wrong, ...newPassword },
      });
      expect(res.body.code).toBe('WRONG_CODE');
    }
    const right = await server.call<ErrorBody>(setPassword, {
      body: { email: user.email, code, ...newPassword },
    });
    expect(right.body.code).toBe('LINK_INVALID');
    expect(await canSignIn(user, user.password)).toBe(true);
  });

  it('refuses a link and a code after an hour', async () => {
    const user = await createUser(server.db);
    await requestReset(user);
    const token = await server.outbox.token(user.email, '/resetPage');
    const code = await server.outbox.code(user.email);
    await server.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, user.id));
    const byLink = await server.call<ErrorBody>(setPassword, { body: { token, ...newPassword } });
    expect(byLink.body.code).toBe('LINK_INVALID');
    const byCode = await server.call<ErrorBody>(setPassword, {
      body: { email: user.email, code, ...newPassword },
    });
    expect(byCode.body.code).toBe('LINK_INVALID');
    expect(await canSignIn(user, user.password)).toBe(true);
  });

  it('a new request voids the previous link', async () => {
    const user = await createUser(server.db);
    await requestReset(user);
    const first = await server.outbox.token(user.email, '/resetPage');
    await requestReset(user);
    const res = await server.call<ErrorBody>(setPassword, {
      body: { token: first, ...newPassword },
    });
    expect(res.body.code).toBe('LINK_INVALID');
  });

  it.each([
    ['neither token nor code', { ...newPassword }, { code: 'required' }],
    [
      'a weak password',
      { token: 'abc', password: 'weakpass', repeat: 'weakpass' },
      { password: 'passwordWeak' },
    ],
    ['a 4-digit code', { email: 'a@b.co', code: '1234', ...newPassword }, { code: 'invalid' }],
    ['a huge token', { token: 't'.repeat(5000), ...newPassword }, { token: 'tooLong' }],
  ])('answers 400 for %s', async (_name, input, expected) => {
    const res = await server.call<ErrorBody>(setPassword, { body: input });
    expect(res.status).toBe(400);
    expect(Object.fromEntries((res.body.fields ?? []).map((f) => [f.path, f.rule]))).toEqual(
      expected,
    );
  });
});
