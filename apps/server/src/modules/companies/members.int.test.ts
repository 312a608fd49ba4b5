import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addCompanyUser, checkUserId, listUsers } from '@evcharge/api/companies/members';
import type { ErrorBody } from '@evcharge/domain/errors';
import { companies, companyMembers } from '../../db/schema/users';
import { signedInUser, uniqueEmail } from '../../test/builders';
import { startTestServer } from '../../test/harness';
import { withTestServer } from '../../test/hooks';

const server = withTestServer();

/** A company with a signed-in owner. */
async function companyWithOwner(name = 'Fleet') {
  const owner = await signedInUser(server, { name: 'Olga' });
  const [company] = await server.db.insert(companies).values({ name, currency: 'rub' }).returning();
  if (!company) throw new Error('company insert failed');
  await server.db
    .insert(companyMembers)
    .values({ companyId: company.id, userId: owner.id, role: 'owner' });
  return { owner, company };
}

async function memberRows(companyId: string) {
  return server.db.select().from(companyMembers).where(eq(companyMembers.companyId, companyId));
}

describe('GET /api/users', () => {
  it('shows a driver only themselves', async () => {
    const user = await signedInUser(server, { name: 'Pavel' });
    const res = await server.call<{ items: unknown[] }>(listUsers, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { id: user.id, name: 'Pavel', surname: null, email: user.email, company: null, role: 'self' },
    ]);
  });

  it("shows a company's owner the company's members", async () => {
    const { owner, company } = await companyWithOwner('Taxi Park');
    const driver = await signedInUser(server, { name: 'Boris' });
    await server.call(addCompanyUser, {
      token: owner.token,
      body: { companyId: company.id, email: driver.email },
    });
    const res = await server.call<{ items: { id: string; role: string }[] }>(listUsers, {
      token: owner.token,
    });
    expect(res.body.items.map((m) => [m.id, m.role])).toEqual([
      [owner.id, 'self'],
      [driver.id, 'member'],
      [owner.id, 'owner'],
    ]);
    // The member sees only themselves.
    const seen = await server.call<{ items: unknown[] }>(listUsers, { token: driver.token });
    expect(seen.body.items).toHaveLength(1);
  });
});

describe('GET /api/user/check/id', () => {
  it('finds a user by e-mail for a company owner', async () => {
    const { owner } = await companyWithOwner();
    const driver = await signedInUser(server, { name: 'Boris' });
    const res = await server.call(checkUserId, {
      token: owner.token,
      query: { email: driver.email.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: driver.id, name: 'Boris' });
  });

  it('says user not found for an unknown address', async () => {
    const { owner } = await companyWithOwner();
    const res = await server.call<ErrorBody>(checkUserId, {
      token: owner.token,
      query: { email: uniqueEmail('nobody') },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('USER_NOT_FOUND');
  });

  it('is refused to a driver who owns no company, so addresses cannot be probed', async () => {
    const user = await signedInUser(server);
    const other = await signedInUser(server);
    const res = await server.call<ErrorBody>(checkUserId, {
      token: user.token,
      query: { email: other.email },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FORBIDDEN');
  });

  it('is rate limited per address, so addresses cannot be probed in bulk', async () => {
    const limited = await startTestServer({ rateLimits: { authPerMinute: 3 } });
    try {
      const owner = await signedInUser(limited);
      const [company] = await limited.db
        .insert(companies)
        .values({ name: 'Fleet', currency: 'rub' })
        .returning();
      await limited.db
        .insert(companyMembers)
        .values({ companyId: company!.id, userId: owner.id, role: 'owner' });
      const lookUp = () =>
        limited.call<ErrorBody>(checkUserId, {
          token: owner.token,
          query: { email: uniqueEmail('probe') },
        });
      for (let i = 0; i < 3; i++) expect((await lookUp()).status).toBe(404);
      const refused = await lookUp();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    } finally {
      await limited.close();
    }
  });

  it('refuses a malformed address', async () => {
    const { owner } = await companyWithOwner();
    const res = await server.call<ErrorBody>(checkUserId, {
      token: owner.token,
      query: { email: 'nope' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ path: 'email', rule: 'email' });
  });
});

describe('POST /api/user', () => {
  it('adds a driver to the company once, however often it is asked', async () => {
    const { owner, company } = await companyWithOwner();
    const driver = await signedInUser(server, { name: 'Boris' });
    const body = { companyId: company.id, email: driver.email };
    const [first, second] = await Promise.all([
      server.call(addCompanyUser, { token: owner.token, body }),
      server.call(addCompanyUser, { token: owner.token, body }),
    ]);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(first.body).toMatchObject({
      id: driver.id,
      company: { id: company.id, name: company.name },
      role: 'member',
    });
    const rows = await memberRows(company.id);
    expect(rows.filter((r) => r.userId === driver.id)).toHaveLength(1);
  });

  it("answers 404 for another owner's company and adds nobody", async () => {
    const { company } = await companyWithOwner();
    const { owner: stranger } = await companyWithOwner('Other');
    const driver = await signedInUser(server);
    const res = await server.call<ErrorBody>(addCompanyUser, {
      token: stranger.token,
      body: { companyId: company.id, email: driver.email },
    });
    expect(res.status).toBe(404);
    expect(await memberRows(company.id)).toHaveLength(1);
  });

  it('a member cannot add people to the company', async () => {
    const { owner, company } = await companyWithOwner();
    const member = await signedInUser(server);
    await server.call(addCompanyUser, {
      token: owner.token,
      body: { companyId: company.id, email: member.email },
    });
    const driver = await signedInUser(server);
    const res = await server.call(addCompanyUser, {
      token: member.token,
      body: { companyId: company.id, email: driver.email },
    });
    expect(res.status).toBe(404);
    const added = await server.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, company.id), eq(companyMembers.userId, driver.id)));
    expect(added).toHaveLength(0);
  });

  it('says user not found for an unknown address', async () => {
    const { owner, company } = await companyWithOwner();
    const res = await server.call<ErrorBody>(addCompanyUser, {
      token: owner.token,
      body: { companyId: company.id, email: uniqueEmail('ghost') },
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('USER_NOT_FOUND');
    expect(await memberRows(company.id)).toHaveLength(1);
  });
});
