import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getLanguages } from '@evcharge/api/users/get-languages';
import { getSelf } from '@evcharge/api/users/get-self';
import { updateLanguage } from '@evcharge/api/users/update-language';
import type { ErrorBody } from '@evcharge/domain/errors';
import { users } from '../../db/schema/users';
import { createUser, signInAs } from '../../test/builders';
import { withTestServer } from '../../test/hooks';
import { postTransaction } from '../ledger';

const server = withTestServer();

describe('GET /api/users/self', () => {
  it('returns the signed-in user with a zero balance before any posting', async () => {
    const user = await createUser(server.db, { name: 'Zoe', phone: '+79991234567' });
    const res = await server.call(getSelf, { token: await signInAs(server, user) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      name: 'Zoe',
      surname: null,
      patronymic: null,
      email: user.email,
      phone: '+79991234567',
      isEmailConfirmed: true,
      isPhoneConfirmed: false,
      Lang: 'ru',
      accountType: 'PERSONAL',
      currency: 'rub',
      balanceMinor: 0,
      debtMinor: 0,
      activeCompany: null,
      privacyPolicyVersion: null,
    });
  });

  it('computes balance and debt from the ledger postings', async () => {
    const user = await createUser(server.db);
    const token = await signInAs(server, user);
    const wallet = { kind: 'user_wallet' as const, userId: user.id };
    const clearing = { kind: 'acquirer_clearing' as const };
    const revenue = { kind: 'revenue' as const };
    await postTransaction(server.db, {
      kind: 'top_up',
      reference: `t-${user.id}`,
      currency: 'rub',
      postings: [
        { owner: wallet, amountMinor: 50_000 },
        { owner: clearing, amountMinor: -50_000 },
      ],
    });
    expect((await server.call(getSelf, { token })).body).toMatchObject({
      balanceMinor: 50_000,
      debtMinor: 0,
    });
    await postTransaction(server.db, {
      kind: 'charge_payment',
      reference: `c-${user.id}`,
      currency: 'rub',
      postings: [
        { owner: wallet, amountMinor: -80_000 },
        { owner: revenue, amountMinor: 80_000 },
      ],
    });
    expect((await server.call(getSelf, { token })).body).toMatchObject({
      balanceMinor: -30_000,
      debtMinor: 30_000,
    });
  });
});

describe('GET /api/language', () => {
  it('lists the eight languages, default ru and fallback en, without a token', async () => {
    const res = await server.call(getLanguages);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      languages: ['ru', 'en', 'kz', 'es', 'az', 'ky', 'tg', 'uz'],
      default: 'ru',
      fallback: 'en',
    });
  });
});

describe('PUT /api/user/updateLanguage/:lang', () => {
  it("stores the user's language", async () => {
    const user = await createUser(server.db);
    const token = await signInAs(server, user);
    const res = await server.call(updateLanguage, { token, params: { lang: 'uz' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await server.call(getSelf, { token })).body).toMatchObject({ Lang: 'uz' });
  });

  it('answers 400 for an unknown language and changes nothing', async () => {
    const user = await createUser(server.db, { lang: 'en' });
    const token = await signInAs(server, user);
    const res = await server.call<ErrorBody>(updateLanguage, { token, params: { lang: 'fr' } });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual([{ path: 'lang', rule: 'invalid' }]);
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.lang).toBe('en');
  });
});
