import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeMultiaccount } from '@evcharge/api/companies/change-multiaccount';
import { getCompany, listCompanies, type Company } from '@evcharge/api/companies/companies';
import type { User } from '@evcharge/api/common';
import { getSelf } from '@evcharge/api/users/get-self';
import { users } from '../../db/schema/users';
import { signedInUser } from '../../test/builders';
import { addCompany } from '../../test/companies';
import { withTestServer } from '../../test/hooks';

// SPEC §6, §7: GET /companies, GET /company/{id} and PUT /users/change/multiaccount, with the
// bad inputs of each (the other drivers' side is in events/authorization.int.test.ts).

const server = withTestServer();

const driver = () => signedInUser(server);

async function profileOf(userId: string) {
  const [row] = await server.db
    .select({ accountType: users.accountType, activeCompanyId: users.activeCompanyId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

describe('GET /companies and /company/{id}', () => {
  it('lists the caller’s companies with role, currency, balance and notification contact', async () => {
    const who = await driver();
    const fleet = await addCompany(server, {
      name: 'B Fleet',
      members: [{ userId: who.id, role: 'owner' }],
      balanceMinor: 123_45,
      notificationType: 'Telegram',
      notificationContact: '@fleet_b',
    });
    const taxi = await addCompany(server, {
      name: 'A Taxi',
      members: [{ userId: who.id }],
      notificationType: 'SupportPhoneNumber',
      notificationContact: '+79990001122',
    });
    await addCompany(server, { name: 'Not mine', balanceMinor: 1000 });

    const list = await server.call<{ items: Company[] }>(listCompanies, { token: who.token });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual([
      {
        id: taxi.id,
        name: 'A Taxi',
        role: 'member',
        currency: 'rub',
        balanceMinor: 0,
        notificationType: 'SupportPhoneNumber',
        notificationContact: '+79990001122',
        isActive: false,
      },
      {
        id: fleet.id,
        name: 'B Fleet',
        role: 'owner',
        currency: 'rub',
        balanceMinor: 123_45,
        notificationType: 'Telegram',
        notificationContact: '@fleet_b',
        isActive: false,
      },
    ]);

    const one = await server.call<Company>(getCompany, {
      token: who.token,
      params: { id: fleet.id },
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body.items[1]);
  });

  it('answers an empty list to a driver of no company, and 401 without a token', async () => {
    const who = await driver();
    const list = await server.call<{ items: Company[] }>(listCompanies, { token: who.token });
    expect(list.body).toEqual({ items: [] });
    expect((await server.fetch('/api/companies')).status).toBe(401);
    const company = await addCompany(server);
    expect((await server.fetch(`/api/company/${company.id}`)).status).toBe(401);
  });

  it('refuses a malformed id (400) and answers 404 for a company that does not exist', async () => {
    const who = await driver();
    const bad = await server.call(getCompany, { token: who.token, params: { id: 'not-a-uuid' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'id', rule: 'invalid' }],
    });
    const missing = await server.call(getCompany, {
      token: who.token,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('PUT /users/change/multiaccount', () => {
  it('switches to a corporate profile of a company of the caller and back to the personal one', async () => {
    const who = await driver();
    const company = await addCompany(server, {
      name: 'Switch LLC',
      members: [{ userId: who.id }],
      balanceMinor: 5000,
    });

    const corporate = await server.call<User>(changeMultiaccount, {
      token: who.token,
      body: { accountType: 'CORPORATE', companyId: company.id },
    });
    expect(corporate.status).toBe(200);
    expect(corporate.body).toMatchObject({
      id: who.id,
      accountType: 'CORPORATE',
      activeCompany: { id: company.id, name: 'Switch LLC' },
    });
    const self = await server.call<User>(getSelf, { token: who.token });
    expect(self.body.activeCompany).toEqual({ id: company.id, name: 'Switch LLC' });
    const list = await server.call<{ items: Company[] }>(listCompanies, { token: who.token });
    expect(list.body.items.map((item) => item.isActive)).toEqual([true]);

    const personal = await server.call<User>(changeMultiaccount, {
      token: who.token,
      body: { accountType: 'PERSONAL' },
    });
    expect(personal.status).toBe(200);
    expect(personal.body).toMatchObject({ accountType: 'PERSONAL', activeCompany: null });
    expect(await profileOf(who.id)).toEqual({ accountType: 'PERSONAL', activeCompanyId: null });
  });

  it.each([
    [{}, [{ path: 'accountType', rule: 'required' }]],
    [{ accountType: 'BUSINESS' }, [{ path: 'accountType', rule: 'invalid' }]],
    [{ accountType: 'CORPORATE' }, [{ path: 'companyId', rule: 'required' }]],
    [{ accountType: 'CORPORATE', companyId: 'x' }, [{ path: 'companyId', rule: 'invalid' }]],
    [
      { accountType: 'PERSONAL', companyId: '00000000-0000-4000-8000-000000000000' },
      [{ path: 'companyId', rule: 'invalid' }],
    ],
  ])('refuses %j with 400 and changes nothing', async (body, fields) => {
    const who = await driver();
    const answer = await server.call(changeMultiaccount, { token: who.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED', fields });
    expect(await profileOf(who.id)).toEqual({ accountType: 'PERSONAL', activeCompanyId: null });
  });

  it('answers 401 without a token', async () => {
    const answer = await server.fetch('/api/users/change/multiaccount', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountType: 'PERSONAL' }),
    });
    expect(answer.status).toBe(401);
  });
});
