import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkToken } from '@evcharge/api/auth/check-token';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { setPassword } from '@evcharge/api/auth/set-password';
import { signIn } from '@evcharge/api/auth/sign-in';
import { LOGIN_MAX_FAILED_ATTEMPTS } from '@evcharge/domain/constants';
import type { ErrorBody } from '@evcharge/domain/errors';
import { users } from '../../db/schema/users';
import { createUser, uniqueEmail } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

const body = (login: string, password: string) => ({ login, password, userType: 2 });

describe('POST /auth/v2/signin', () => {
  it('signs in with the right password and the token works', async () => {
    const user = await createUser(server.db, { lang: 'en', currency: 'kzt' });
    const res = await server.call<{
      accessToken: string;
      CurrencyCode: string;
      Lang: string;
      user: { id: string };
    }>(signIn, { body: body(user.email.toUpperCase(), user.password) });
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({ CurrencyCode: 'kzt', Lang: 'en', user: { id: user.id } });
    const check = await server.call(checkToken, { token: res.body.accessToken });
    expect(check.status).toBe(200);
  });

  it('answers an unknown login as a known one: INVALID_CREDENTIALS with the tries left', async () => {
    const res = await server.call<ErrorBody>(signIn, { body: body(uniqueEmail(), 'Whatever1') });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
    expect(res.body.details).toEqual({ triesLeft: LOGIN_MAX_FAILED_ATTEMPTS - 1 });
  });

  it('counts tries down, locks the login, and a new password lifts the lock', async () => {
    const user = await createUser(server.db);
    for (let attempt = 1; attempt < LOGIN_MAX_FAILED_ATTEMPTS; attempt++) {
      const res = await server.call<ErrorBody>(signIn, { body: body(user.email, 'Wrong1234') });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        details: { triesLeft: LOGIN_MAX_FAILED_ATTEMPTS - attempt },
      });
    }
    const last = await server.call<ErrorBody>(signIn, { body: body(user.email, 'Wrong1234') });
    expect(last.status).toBe(423);
    expect(last.body.code).toBe('ACCOUNT_BLOCKED');

    // Locked even with the right password (lockout.int.test.ts: until the lock ends).
    const right = await server.call<ErrorBody>(signIn, { body: body(user.email, user.password) });
    expect(right.body.code).toBe('ACCOUNT_BLOCKED');

    await server.call(resetPassword, { body: { email: user.email } });
    const token = await server.outbox.token(user.email, '/resetPage');
    const set = await server.call(setPassword, {
      body: { token, password: 'Fresh1234', repeat: 'Fresh1234' },
    });
    expect(set.status).toBe(200);
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ isBlocked: false });

    const after = await server.call(signIn, { body: body(user.email, 'Fresh1234') });
    expect(after.status).toBe(200);
  });

  it('a good password resets the count of wrong ones', async () => {
    const user = await createUser(server.db);
    await server.call(signIn, { body: body(user.email, 'Wrong1234') });
    await server.call(signIn, { body: body(user.email, user.password) });
    const res = await server.call<ErrorBody>(signIn, { body: body(user.email, 'Wrong1234') });
    expect(res.body.details).toEqual({ triesLeft: LOGIN_MAX_FAILED_ATTEMPTS - 1 });
  });

  it('refuses a deleted account like an unknown one', async () => {
    const user = await createUser(server.db, { deletedAt: new Date() });
    const res = await server.call<ErrorBody>(signIn, { body: body(user.email, user.password) });
    expect(res.body.code).toBe('INVALID_CREDENTIALS');
    expect(res.body.details).toEqual({ triesLeft: LOGIN_MAX_FAILED_ATTEMPTS - 1 });
  });

  it.each([
    [
      'wrong types',
      { login: 5, password: true, userType: '2' },
      ['login', 'password', 'userType'],
      'invalid',
    ],
    ['missing fields', {}, ['login', 'password', 'userType'], 'required'],
    [
      'a huge login',
      { login: 'a'.repeat(100_000), password: 'x', userType: 2 },
      ['login'],
      'tooLong',
    ],
    [
      'an unknown userType',
      { login: 'a@b.c', password: 'x', userType: 3 },
      ['userType'],
      'invalid',
    ],
  ])('answers 400 naming the fields for %s', async (_name, input, paths, rule) => {
    const res = await server.call<ErrorBody>(signIn, { body: input });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields?.map((f) => f.path).sort()).toEqual(paths);
    expect(res.body.fields?.[0]?.rule).toBe(rule);
  });
});

describe('rate limits', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimits: { authPerMinute: 3, globalPerMinute: 5 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 TOO_MANY_REQUESTS with retryAfterSeconds on sign-in', async () => {
    const statuses: number[] = [];
    let lastBody: ErrorBody | undefined;
    for (let i = 0; i < 4; i++) {
      const res = await limited.call<ErrorBody>(signIn, { body: body(uniqueEmail(), 'Wrong1234') });
      statuses.push(res.status);
      lastBody = res.body;
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(lastBody?.code).toBe('TOO_MANY_REQUESTS');
    expect(lastBody?.details?.retryAfterSeconds).toBeGreaterThan(0);
    expect(lastBody?.details?.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('limits every other route too, more generously', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await limited.fetch('/api/language')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
