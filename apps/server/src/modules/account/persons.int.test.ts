import { describe, expect, it } from 'vitest';
import { confirmEmail } from '@evcharge/api/auth/confirm-email';
import { getPerson, patchPerson, replacePerson } from '@evcharge/api/account/persons';
import type { ErrorBody } from '@evcharge/domain/errors';
import { signedInUser, uniqueEmail, userRow } from '../../test/builders';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

const row = (id: string) => userRow(server, id);

const confirmedPhoneUser = () =>
  signedInUser(server, {
    name: 'Ivan',
    phone: `+7999${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    isPhoneConfirmed: true,
  });

describe('GET /api/persone', () => {
  it("answers the signed-in user's personal data", async () => {
    const user = await confirmedPhoneUser();
    const res = await server.call(getPerson, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Ivan',
      surname: null,
      patronymic: null,
      email: user.email,
      phone: (await row(user.id)).phone,
      isEmailConfirmed: true,
      isPhoneConfirmed: true,
    });
  });

  it('needs a token', async () => {
    expect((await server.call(getPerson)).status).toBe(401);
  });
});

describe('PUT /api/persone', () => {
  it('saves the names and keeps the confirmations when e-mail and phone stay', async () => {
    const user = await confirmedPhoneUser();
    const before = await row(user.id);
    const res = await server.call<{ user: { name: string }; emailConfirmationSent: boolean }>(
      replacePerson,
      {
        token: user.token,
        body: {
          name: ' Иван ',
          surname: 'Петров',
          patronymic: 'Сергеевич',
          email: user.email.toUpperCase(),
          phone: before.phone,
        },
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { name: 'Иван', surname: 'Петров', patronymic: 'Сергеевич', isPhoneConfirmed: true },
      emailConfirmationSent: false,
      phoneConfirmationNeeded: false,
    });
    const after = await row(user.id);
    expect(after).toMatchObject({ isEmailConfirmed: true, isPhoneConfirmed: true });
    expect(await server.outbox.messages(user.email)).toHaveLength(0);
  });

  it('asks to confirm a new e-mail again, and the mailed code confirms it', async () => {
    const user = await confirmedPhoneUser();
    const newEmail = uniqueEmail('moved');
    const res = await server.call(replacePerson, {
      token: user.token,
      body: { name: 'Ivan', email: newEmail, phone: (await row(user.id)).phone },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { email: newEmail, isEmailConfirmed: false },
      emailConfirmationSent: true,
    });
    const code = await server.outbox.code(newEmail);
    const confirmed = await server.call(confirmEmail, { body: { email: newEmail, code } });
    expect(confirmed.status).toBe(200);
    expect((await row(user.id)).isEmailConfirmed).toBe(true);
  });

  it('asks to confirm a new phone again and reads it in E.164', async () => {
    const user = await confirmedPhoneUser();
    const res = await server.call(replacePerson, {
      token: user.token,
      body: { name: 'Ivan', email: user.email, phone: '+994 50 123 45 67' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user: { phone: '+994501234567', isPhoneConfirmed: false },
      phoneConfirmationNeeded: true,
    });
  });

  it('refuses an e-mail another account has, and changes nothing', async () => {
    const user = await confirmedPhoneUser();
    const other = await signedInUser(server);
    const before = await row(user.id);
    const res = await server.call<ErrorBody>(replacePerson, {
      token: user.token,
      body: { name: 'Changed', email: other.email, phone: before.phone },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    expect(await row(user.id)).toEqual(before);
  });

  it.each([
    [{ name: '', email: 'a@b.test' }, 'name', 'required'],
    [{ name: '123', email: 'a@b.test' }, 'name', 'letters'],
    [{ name: 'Ivan', surname: '42', email: 'a@b.test' }, 'surname', 'letters'],
    [{ name: 'Ivan', email: 'not-an-email' }, 'email', 'email'],
    [{ name: 'Ivan', email: 'a@b.test', phone: '12345' }, 'phone', 'phone'],
    [{ name: 'Ivan', email: 'a@b.test', phone: '+996 555 123 456' }, 'phone', 'phone'],
  ])('refuses %j with the %s rule %s and changes nothing', async (body, path, rule) => {
    const user = await confirmedPhoneUser();
    const before = await row(user.id);
    const res = await server.call<ErrorBody>(replacePerson, { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.fields).toContainEqual({ path, rule });
    expect(await row(user.id)).toEqual(before);
  });
});

describe('POST /api/persone', () => {
  it('changes only the fields it carries', async () => {
    const user = await confirmedPhoneUser();
    await server.call(patchPerson, { token: user.token, body: { surname: 'Петров' } });
    const res = await server.call(patchPerson, { token: user.token, body: { patronymic: '' } });
    expect(res.status).toBe(200);
    expect(await row(user.id)).toMatchObject({
      name: 'Ivan',
      surname: 'Петров',
      patronymic: null,
      email: user.email,
      isPhoneConfirmed: true,
    });
  });

  it('refuses an empty change', async () => {
    const user = await confirmedPhoneUser();
    const res = await server.call<ErrorBody>(patchPerson, { token: user.token, body: {} });
    expect(res.status).toBe(400);
  });
});
