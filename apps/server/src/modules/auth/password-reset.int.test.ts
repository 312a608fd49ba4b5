import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkToken } from '@evcharge/api/auth/check-token';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { setPassword } from '@evcharge/api/auth/set-password';
import { signIn } from '@evcharge/api/auth/sign-in';
import type { ErrorBody } from '@evcharge/domain/errors';
import { oneTimeTokens, users } from '../../db/schema/users';
import { loggerOptions } from '../../logger';
import type { MailMessage } from '../../mail/mailer';
import { createUser, signInAs, uniqueEmail, type TestUser } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { withTestServer } from '../../test/hooks';
import { RESET_ANSWER_MS } from './recovery';

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

  it('answers an unknown e-mail as a known one, and mails only the account', async () => {
    const user = await createUser(server.db);
    const deleted = await createUser(server.db);
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const unknown = uniqueEmail();
    const answers = await Promise.all(
      [user.email, unknown, deleted.email].map(async (email) => {
        const res = await server.call(resetPassword, { body: { email } });
        return { status: res.status, body: res.body, type: res.headers.get('content-type') };
      }),
    );
    expect(answers[0]).toEqual({
      status: 200,
      body: { ok: true },
      type: 'application/json; charset=utf-8',
    });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(await server.outbox.messages(user.email)).toHaveLength(1);
    expect(await server.outbox.messages(unknown)).toEqual([]);
    expect(await server.outbox.messages(deleted.email)).toEqual([]);
  });

  it('answers 400 for a malformed e-mail', async () => {
    const res = await server.call<ErrorBody>(resetPassword, { body: { email: 'nope' } });
    expect(res.body.fields).toEqual([{ path: 'email', rule: 'email' }]);
  });
});

describe('PUT /auth/resetPass takes the same time for every address', () => {
  /** Mail the test lets through when it chooses; `fail` makes the next one fail instead. */
  const held: { message: MailMessage; deliver: () => void; fail: (error: Error) => void }[] = [];
  const delivered: MailMessage[] = [];
  const logLines: string[] = [];
  let own: TestServer;
  beforeAll(async () => {
    own = await startTestServer({
      mailer: {
        transport: 'smtp',
        send: (message) =>
          new Promise<void>((resolve, reject) => {
            held.push({
              message,
              deliver: () => {
                delivered.push(message);
                resolve();
              },
              fail: reject,
            });
          }),
      },
      logger: {
        ...(loggerOptions('error') as object),
        stream: new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        }),
      },
    });
  });
  afterAll(async () => {
    for (const mail of held) mail.deliver();
    await own?.close();
  });

  /** The answer and how long it took, or 'waiting' while it has not come in 10 s. */
  async function timedReset(email: string) {
    const started = performance.now();
    const answer = await Promise.race([
      own.call(resetPassword, { body: { email } }),
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 10_000).unref()),
    ]);
    if (answer === 'waiting') return answer;
    return { status: answer.status, body: answer.body, ms: performance.now() - started };
  }

  it('answers after the same wait whether the address has an account, before its mail is sent', async () => {
    const user = await createUser(own.db);
    const known = await timedReset(user.email);
    const unknown = await timedReset(uniqueEmail());
    // The known address's mail is still held by the mail server: the answer did not wait for it.
    expect(known).toMatchObject({ status: 200, body: { ok: true } });
    expect(unknown).toMatchObject({ status: 200, body: { ok: true } });
    // Both waited the one fixed time (timers never fire early; 1 ms for their rounding).
    for (const answer of [known, unknown]) {
      expect(answer !== 'waiting' && answer.ms).toBeGreaterThanOrEqual(RESET_ANSWER_MS - 1);
    }
    expect(held.map((mail) => mail.message.to)).toEqual([user.email]);
    held.shift()?.deliver();
    expect(delivered.map((mail) => mail.to)).toEqual([user.email]);
  });

  it('answers the same when the mail fails, and logs the failure', async () => {
    const user = await createUser(own.db);
    const answered = timedReset(user.email);
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held.shift()?.fail(new Error('mail server down'));
    expect(await answered).toMatchObject({ status: 200, body: { ok: true } });
    await vi.waitFor(() =>
      expect(logLines.map((line) => JSON.parse(line) as object)).toContainEqual(
        expect.objectContaining({
          msg: 'password reset mail failed',
          err: expect.objectContaining({ message: 'mail server down' }),
        }),
      ),
    );
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
