import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { changeMultiaccount } from '@evcharge/api/companies/change-multiaccount';
import { getCompany, listCompanies, type Company } from '@evcharge/api/companies/companies';
import { getEvent, listEvents, type UserEvent } from '@evcharge/api/events/events';
import { savePushToken } from '@evcharge/api/push/push';
import { pushSubscriptions, userEvents } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { signedInUser } from '../../test/builders';
import { addCompany } from '../../test/companies';
import { withTestServer } from '../../test/hooks';
import { browserKeys } from '../../test/push-service';
import { recordUserEvent } from './service';

// DESIGN.md Security: every query for a user's things is scoped by the caller. A second driver
// gets 404 for another's company and event, 403 for another's push subscription, and nothing
// of the first driver's changes.

const server = withTestServer();

async function firstDriversThings() {
  const owner = await signedInUser(server);
  const company = await addCompany(server, {
    members: [{ userId: owner.id, role: 'owner' }],
    balanceMinor: 10_000,
  });
  await server.call(changeMultiaccount, {
    token: owner.token,
    body: { accountType: 'CORPORATE', companyId: company.id },
  });
  const event = await recordUserEvent(server.db, {
    userId: owner.id,
    type: 'sessionEnded',
    data: { transactionId: 1, costMinor: 500, currency: 'rub', energyWh: 1000 },
    dedupeKey: `session-${owner.id}`,
  });
  const keys = browserKeys().json;
  const endpoint = `https://push.example/send/${owner.id}`;
  await server.call(savePushToken, {
    token: owner.token,
    body: { subscription: { endpoint, keys } },
  });
  return { owner, company, event: event!, endpoint, keys };
}

const stateOf = async (userId: string) => ({
  user: (
    await server.db
      .select({ accountType: users.accountType, activeCompanyId: users.activeCompanyId })
      .from(users)
      .where(eq(users.id, userId))
  )[0],
  events: await server.db.select().from(userEvents).where(eq(userEvents.userId, userId)),
  pushes: await server.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId)),
});

describe('another driver', () => {
  it('gets 404 for the first driver’s company and event, 403 for the push subscription, and changes nothing', async () => {
    const first = await firstDriversThings();
    const before = await stateOf(first.owner.id);
    expect(before.user).toEqual({ accountType: 'CORPORATE', activeCompanyId: first.company.id });
    expect(before.pushes).toHaveLength(1);
    const other = await signedInUser(server);

    const company = await server.call(getCompany, {
      token: other.token,
      params: { id: first.company.id },
    });
    expect(company.status).toBe(404);
    expect(company.body).toMatchObject({ code: 'NOT_FOUND' });
    const companies = await server.call<{ items: Company[] }>(listCompanies, {
      token: other.token,
    });
    expect(companies.body.items).toEqual([]);
    const switched = await server.call(changeMultiaccount, {
      token: other.token,
      body: { accountType: 'CORPORATE', companyId: first.company.id },
    });
    expect(switched.status).toBe(404);

    const event = await server.call(getEvent, {
      token: other.token,
      params: { guid: first.event.id },
    });
    expect(event.status).toBe(404);
    const events = await server.call<{ items: UserEvent[]; total: number }>(listEvents, {
      token: other.token,
    });
    expect(events.body).toMatchObject({ items: [], total: 0, unreadCount: 0 });

    // Taking the first driver's browser endpoint over with other keys, or as a device token.
    const hijack = await server.call(savePushToken, {
      token: other.token,
      body: { subscription: { endpoint: first.endpoint, keys: browserKeys().json } },
    });
    expect(hijack.status).toBe(403);
    expect(hijack.body).toMatchObject({ code: 'FORBIDDEN' });
    const asToken = await server.call(savePushToken, {
      token: other.token,
      body: { fcmToken: first.endpoint },
    });
    expect(asToken.status).toBe(403);

    // Nothing of the first driver's changed; the other driver has nothing.
    expect(await stateOf(first.owner.id)).toEqual(before);
    expect((await stateOf(first.owner.id)).events[0]?.readAt).toBeNull();
    expect(await stateOf(other.id)).toMatchObject({
      user: { accountType: 'PERSONAL', activeCompanyId: null },
      events: [],
      pushes: [],
    });
  });

  it('refuses a plain-http push endpoint (push services are https)', async () => {
    const who = await signedInUser(server);
    const answer = await server.call(savePushToken, {
      token: who.token,
      body: { subscription: { endpoint: 'http://127.0.0.1:9/push', keys: browserKeys().json } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'subscription.endpoint', rule: 'invalid' }],
    });
    expect((await stateOf(who.id)).pushes).toEqual([]);
  });
});
