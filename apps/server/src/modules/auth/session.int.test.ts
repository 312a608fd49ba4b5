import { describe, expect, it } from 'vitest';
import { changePassword } from '@evcharge/api/auth/change-password';
import { checkToken } from '@evcharge/api/auth/check-token';
import { logout } from '@evcharge/api/auth/logout';
import { signIn } from '@evcharge/api/auth/sign-in';
import { contracts } from '@evcharge/api/index-of-contracts';
import type { ErrorBody } from '@evcharge/domain/errors';
import { createUser, signInAs } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

describe('GET /auth/checktoken and POST /auth/logout', () => {
  it('checks a live token and revokes it on logout', async () => {
    const user = await createUser(server.db);
    const token = await signInAs(server, user);
    const check = await server.call<{ valid: boolean; user: { id: string } }>(checkToken, {
      token,
    });
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ valid: true, user: { id: user.id } });

    expect((await server.call(logout, { token })).status).toBe(200);
    const after = await server.call<ErrorBody>(checkToken, { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
  });

  it('logout ends only that session', async () => {
    const user = await createUser(server.db);
    const phone = await signInAs(server, user);
    const laptop = await signInAs(server, user);
    await server.call(logout, { token: phone });
    expect((await server.call(checkToken, { token: laptop })).status).toBe(200);
  });
});

describe('401 before anything else', () => {
  const userContracts = Object.values(contracts).filter((c) => c.auth === 'user');

  it.each(userContracts.map((c) => [`${c.method} ${c.path}`, c] as const))(
    '%s answers 401 without a token, with a bad one, and before validating',
    async (_name, contract) => {
      // Any value for the path parameters (:lang, :guid …): 401 comes before checking them.
      const params = Object.fromEntries(
        [...contract.path.matchAll(/:(\w+)/g)].map((match) => [match[1] as string, 'xx']),
      );
      const body = contract.method === 'GET' ? undefined : { junk: 1 };
      for (const token of [undefined, 'not-a-token', 'A'.repeat(43)]) {
        const res = await server.call<ErrorBody>(contract, { params, token, body });
        expect(res.status).toBe(401);
        expect(res.body.code).toBe('UNAUTHORIZED');
      }
      if (contract.method === 'GET') return;
      const malformed = await server.fetch(contract.path.replace(/:\w+/g, 'xx'), {
        method: contract.method,
        headers: { 'content-type': 'application/json' },
        body: '{"broken',
      });
      expect(malformed.status).toBe(401);
    },
  );
});

describe('PUT /auth/changepassword', () => {
  const change = (userId: string, old: string, next = 'Changed99', confirm = next) => ({
    UserId: userId,
    Password: old,
    NewPassword: next,
    ConfirmNewPassword: confirm,
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const user = await createUser(server.db);
    const token = await signInAs(server, user);
    const other = await signInAs(server, user);
    const res = await server.call(changePassword, { token, body: change(user.id, user.password) });
    expect(res.status).toBe(200);
    expect((await server.call(checkToken, { token })).status).toBe(200);
    expect((await server.call(checkToken, { token: other })).status).toBe(401);
    const relogin = await server.call(signIn, {
      body: { login: user.email, password: 'Changed99', userType: 2 },
    });
    expect(relogin.status).toBe(200);
  });

  it('answers PASSWORD_CHANGE_FAILED when the old password is wrong', async () => {
    const user = await createUser(server.db);
    const token = await signInAs(server, user);
    const res = await server.call<ErrorBody>(changePassword, {
      token,
      body: change(user.id, 'NotMine123'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'PASSWORD_CHANGE_FAILED',
      message: 'Error changing password',
    });
  });

  it("refuses to change another user's password", async () => {
    const user = await createUser(server.db);
    const victim = await createUser(server.db);
    const token = await signInAs(server, user);
    const res = await server.call<ErrorBody>(changePassword, {
      token,
      body: change(victim.id, victim.password),
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it.each([
    [
      'a weak new password',
      { NewPassword: 'weakweak', ConfirmNewPassword: 'weakweak' },
      { NewPassword: 'passwordWeak' },
    ],
    [
      'a different confirmation',
      { ConfirmNewPassword: 'Other999' },
      { ConfirmNewPassword: 'passwordsDiffer' },
    ],
    [
      'missing fields',
      { UserId: undefined, Password: undefined },
      { UserId: 'required', Password: 'required' },
    ],
    ['a huge old password', { Password: 'P'.repeat(10_000) }, { Password: 'tooLong' }],
  ])('answers 400 for %s', async (_name, override, expected) => {
    const user = await createUser(server.db);
    const token = await signInAs(server, user);
    const res = await server.call<ErrorBody>(changePassword, {
      token,
      body: { ...change(user.id, user.password), ...override },
    });
    expect(res.status).toBe(400);
    expect(Object.fromEntries((res.body.fields ?? []).map((f) => [f.path, f.rule]))).toEqual(
      expected,
    );
    expect(await signInAs(server, user)).toBeTruthy();
  });
});
