import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changePassword } from '@evcharge/api/auth/change-password';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { setPassword } from '@evcharge/api/auth/set-password';
import { signIn } from '@evcharge/api/auth/sign-in';
import { LOGIN_MAX_FAILED_ATTEMPTS } from '@evcharge/domain/constants';
import type { ErrorBody } from '@evcharge/domain/errors';
import { loginLockouts } from '../../db/schema/users';
import { createUser, signedInUser, uniqueEmail, type TestUser } from '../../test/builders';
import { startTestServer, type TestServer } from '../../test/harness';
import { withTestServer } from '../../test/hooks';
import { LOCK_MINUTES, loginHash } from './lockout';

// A simulated clock: locks end without waiting.
const base = Date.parse('2030-03-01T10:00:00Z');
let offsetMs = 0;
const now = () => new Date(base + offsetMs);
const advanceMinutes = (minutes: number) => {
  offsetMs += minutes * 60_000;
};

const server = withTestServer({ now });

const attempt = (login: string, password: string) =>
  server.call<ErrorBody>(signIn, { body: { login, password, userType: 2 } });

/** Wrong passwords until the lock: the answers of each try. */
async function lockOut(login: string): Promise<ErrorBody[]> {
  const answers: ErrorBody[] = [];
  for (let i = 0; i < LOGIN_MAX_FAILED_ATTEMPTS; i++) {
    answers.push((await attempt(login, 'Wrong1234')).body);
  }
  return answers;
}

function lockedFor(body: ErrorBody, minutes: number) {
  expect(body).toMatchObject({
    code: 'ACCOUNT_BLOCKED',
    message: 'The account is blocked. Set a new password or contact support',
    details: {
      retryAfterSeconds: minutes * 60,
      unlocksAt: new Date(now().getTime() + minutes * 60_000).toISOString(),
    },
  });
}

describe('the lock after wrong passwords', () => {
  it('counts tries down, locks for a minute, refuses the right password, then lets it in', async () => {
    const user = await createUser(server.db);
    const answers = await lockOut(user.email);
    expect(answers.slice(0, -1).map((b) => b.details?.triesLeft)).toEqual([4, 3, 2, 1]);
    expect(answers[0]).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid login or password',
    });
    lockedFor(answers.at(-1)!, 1);

    const right = await attempt(user.email, user.password);
    expect(right.status).toBe(423);
    expect(right.body.code).toBe('ACCOUNT_BLOCKED');
    advanceMinutes(0.5);
    expect((await attempt(user.email, user.password)).status).toBe(423);
    advanceMinutes(0.5);
    expect((await attempt(user.email, user.password)).status).toBe(200);
  });

  it('grows with each lock, and a right password starts over', async () => {
    const user = await createUser(server.db);
    for (const minutes of LOCK_MINUTES.slice(0, 3)) {
      lockedFor((await lockOut(user.email)).at(-1)!, minutes);
      advanceMinutes(minutes);
    }
    expect((await attempt(user.email, user.password)).status).toBe(200);
    lockedFor((await lockOut(user.email)).at(-1)!, LOCK_MINUTES[0]);
  });

  it('is lifted by a new password from the mail', async () => {
    const user = await createUser(server.db);
    await lockOut(user.email);
    await server.call(resetPassword, { body: { email: user.email } });
    const token = await server.outbox.token(user.email, '/resetPage');
    const body = { token, password: 'Fresh1234x', repeat: 'Fresh1234x' };
    expect((await server.call(setPassword, { body })).status).toBe(200);
    expect((await attempt(user.email, 'Fresh1234x')).status).toBe(200);
  });

  it('answers an unknown e-mail exactly as a known one, try by try', async () => {
    const user = await createUser(server.db);
    const unknown = uniqueEmail();
    const known = await lockOut(user.email);
    const stranger = await lockOut(unknown);
    expect(stranger).toEqual(known);
    const after = [await attempt(user.email, 'Wrong1234'), await attempt(unknown, 'Wrong1234')];
    expect(after[1]).toMatchObject({ status: after[0]!.status, body: after[0]!.body });
  });

  it('counts wrong passwords sent in parallel: never more than the allowed tries', async () => {
    const user = await createUser(server.db);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => attempt(user.email, 'Wrong1234')),
    );
    const codes = answers.map((res) => res.body.code);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(
      LOGIN_MAX_FAILED_ATTEMPTS - 1,
    );
    expect(codes.filter((code) => code === 'ACCOUNT_BLOCKED')).toHaveLength(
      12 - (LOGIN_MAX_FAILED_ATTEMPTS - 1),
    );
    const [row] = await server.db
      .select()
      .from(loginLockouts)
      .where(eq(loginLockouts.loginHash, loginHash(user.email)));
    expect(row).toMatchObject({ lockCount: 1, failedCount: 0 });
    expect((await attempt(user.email, user.password)).status).toBe(423);
  });
});

describe('PUT /auth/changepassword with a wrong old password', () => {
  const change = (user: TestUser & { token: string }, old: string) =>
    server.call<ErrorBody>(changePassword, {
      token: user.token,
      body: {
        UserId: user.id,
        Password: old,
        NewPassword: 'Other1234x',
        ConfirmNewPassword: 'Other1234x',
      },
    });

  it('counts on the sign-in counter and locks both', async () => {
    const user = await signedInUser(server);
    for (const triesLeft of [4, 3]) {
      const res = await change(user, 'Wrong1234');
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'PASSWORD_CHANGE_FAILED', details: { triesLeft } });
    }
    expect((await attempt(user.email, 'Wrong1234')).body.details?.triesLeft).toBe(2);
    expect((await change(user, 'Wrong1234')).body.details?.triesLeft).toBe(1);
    lockedFor((await change(user, 'Wrong1234')).body, 1);
    // Locked: neither the right old password nor a sign-in gets through.
    expect((await change(user, user.password)).status).toBe(423);
    expect((await attempt(user.email, user.password)).status).toBe(423);
    advanceMinutes(1);
    expect((await change(user, user.password)).status).toBe(200);
  });
});

describe('the limit per client address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ now, rateLimits: { wrongPasswordsPerHour: 3 } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answers 429 with retryAfterSeconds after that many wrong passwords on any logins', async () => {
    const user = await createUser(limited.db);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await limited.call(signIn, {
        body: { login: uniqueEmail(), password: 'Wrong1234', userType: 2 },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401]);
    const body = { login: user.email, password: user.password, userType: 2 };
    const refused = await limited.call<ErrorBody>(signIn, { body });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      details: { retryAfterSeconds: 3600 },
    });
    advanceMinutes(60);
    expect((await limited.call(signIn, { body })).status).toBe(200);
  });
});
