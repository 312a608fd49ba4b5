import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changePassword } from '@evcharge/api/auth/change-password';
import { resetPassword } from '@evcharge/api/auth/reset-password';
import { setPassword } from '@evcharge/api/auth/set-password';
import { signIn } from '@evcharge/api/auth/sign-in';
import { signUp } from '@evcharge/api/auth/sign-up';
import type { ErrorBody } from '@evcharge/domain/errors';
import { users } from '../../db/schema/users';
import { createUser, signedInUser, uniqueEmail, type TestUser } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

// OWASP ASVS 2.1.7: the most common passwords are refused wherever a password is chosen, even
// when they pass SPEC's rule (Password1 has an upper, a lower and a digit).

const server = withTestServer();

const refusedAt = (path: string) => ({
  code: 'VALIDATION_FAILED',
  fields: [{ path, rule: 'passwordCommon' }],
});

const canSignIn = async (user: TestUser, password: string) =>
  (await server.call(signIn, { body: { login: user.email, password, userType: 2 } })).status ===
  200;

describe('common passwords', () => {
  it('are refused on sign-up, and nobody is created', async () => {
    const email = uniqueEmail();
    const res = await server.call<ErrorBody>(signUp, {
      body: {
        name: 'Marta',
        email,
        password: 'Password1',
        repeat: 'Password1',
        termsAccepted: true,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refusedAt('password'));
    expect(await server.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('are refused when setting a password from the mail, which stays usable', async () => {
    const user = await createUser(server.db);
    await server.call(resetPassword, { body: { email: user.email } });
    const token = await server.outbox.token(user.email, '/resetPage');
    const refused = await server.call<ErrorBody>(setPassword, {
      body: { token, password: 'Qwerty123', repeat: 'Qwerty123' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(refusedAt('password'));
    expect(await canSignIn(user, user.password)).toBe(true);
    const body = { token, password: 'Kettle42Moon', repeat: 'Kettle42Moon' };
    expect((await server.call(setPassword, { body })).status).toBe(200);
  });

  it('are refused on a password change, and the old password still works', async () => {
    const user = await signedInUser(server);
    const res = await server.call<ErrorBody>(changePassword, {
      token: user.token,
      body: {
        UserId: user.id,
        Password: user.password,
        NewPassword: 'Welcome1',
        ConfirmNewPassword: 'Welcome1',
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(refusedAt('NewPassword'));
    expect(await canSignIn(user, user.password)).toBe(true);
  });
});
