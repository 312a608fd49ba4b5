import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { confirmEmail } from '@evcharge/api/auth/confirm-email';
import { signUp } from '@evcharge/api/auth/sign-up';
import { getSelf } from '@evcharge/api/users/get-self';
import type { ErrorBody } from '@evcharge/domain/errors';
import { oneTimeTokens, users } from '../../db/schema/users';
import { createUser, signUpBody, uniqueEmail } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

async function userByEmail(email: string) {
  const [row] = await server.db.select().from(users).where(eq(users.email, email));
  return row;
}

describe('POST /auth/clientsignup', () => {
  it('registers, signs in, records the consent and mails a confirmation link', async () => {
    const email = uniqueEmail('New');
    const res = await server.call<{
      accessToken: string;
      user: { email: string; isEmailConfirmed: boolean };
    }>(signUp, { body: signUpBody(email) });
    expect(res.status).toBe(201);
    // E-mails are stored lower-case.
    expect(res.body.user).toMatchObject({ email: email.toLowerCase(), isEmailConfirmed: false });
    const row = await userByEmail(email.toLowerCase());
    expect(row?.privacyPolicyVersion).toBe('2026-10-01');
    expect(row?.privacyPolicyAcceptedAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const link = await server.outbox.link(email.toLowerCase(), '/confirm_page');
    expect(link.origin).toBe('http://evcharge.test');
    const token = link.searchParams.get('token') ?? '';
    const confirmed = await server.call(confirmEmail, { body: { token } });
    expect(confirmed.status).toBe(200);
    const self = await server.call<{ isEmailConfirmed: boolean }>(getSelf, {
      token: res.body.accessToken,
    });
    expect(self.body.isEmailConfirmed).toBe(true);

    // Opening the link again still says ok; a made-up token does not.
    expect((await server.call(confirmEmail, { body: { token } })).status).toBe(200);
    const bogus = await server.call<ErrorBody>(confirmEmail, { body: { token: 'x'.repeat(43) } });
    expect(bogus.status).toBe(400);
    expect(bogus.body.code).toBe('LINK_INVALID');
  });

  it('refuses an expired confirmation link', async () => {
    const email = uniqueEmail();
    await server.call(signUp, { body: signUpBody(email) });
    const token = await server.outbox.token(email, '/confirm_page');
    const user = await userByEmail(email);
    await server.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(oneTimeTokens.userId, user?.id ?? ''));
    const res = await server.call<ErrorBody>(confirmEmail, { body: { token } });
    expect(res.body.code).toBe('LINK_INVALID');
    expect((await userByEmail(email))?.isEmailConfirmed).toBe(false);
  });

  it('answers EMAIL_TAKEN for a registered address in any case', async () => {
    const existing = await createUser(server.db);
    const res = await server.call<ErrorBody>(signUp, { body: signUpBody(existing.email.toUpperCase()) });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
  });

  it.each([
    ['terms not accepted', { termsAccepted: false }, { termsAccepted: 'termsRequired' }],
    ['a weak password', { password: 'secret1', repeat: 'secret1' }, { password: 'passwordWeak' }],
    ['a short password', { password: 'Ab1', repeat: 'Ab1' }, { password: 'passwordTooShort' }],
    ['a bad e-mail', { email: 'not-an-email' }, { email: 'email' }],
    ['an unknown language', { Lang: 'fr' }, { Lang: 'invalid' }],
    ['a name without letters', { name: '12345' }, { name: 'letters' }],
    ['a huge name', { name: 'x'.repeat(300_000) }, { name: 'tooLong' }],
    [
      'wrong types',
      { name: 42, termsAccepted: 'yes' },
      { name: 'invalid', termsAccepted: 'termsRequired' },
    ],
  ])('answers 400 for %s and stores nothing', async (_name, change, expected) => {
    const email = uniqueEmail();
    const res = await server.call<ErrorBody>(signUp, { body: { ...signUpBody(email), ...change } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const fields = Object.fromEntries((res.body.fields ?? []).map((f) => [f.path, f.rule]));
    expect(fields).toEqual(expected);
    expect(await userByEmail(email)).toBeUndefined();
    expect(await server.outbox.messages(email)).toEqual([]);
  });

  it('reports a repeat that differs on the repeat field', async () => {
    const res = await server.call<ErrorBody>(signUp, {
      body: { ...signUpBody(uniqueEmail()), repeat: 'Other1234' },
    });
    expect(res.body.fields).toEqual([{ path: 'repeat', rule: 'passwordsDiffer' }]);
  });

  it('names every required field when the body is missing', async () => {
    const res = await server.call<ErrorBody>(signUp, {});
    expect(res.status).toBe(400);
    expect(res.body.fields?.map((f) => f.path).sort()).toEqual(
      ['email', 'name', 'password', 'repeat', 'termsAccepted'].sort(),
    );
  });
});
