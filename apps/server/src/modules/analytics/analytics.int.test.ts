import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getAnalyticsSummary } from '@evcharge/api/admin/analytics';
import {
  ANALYTICS_ADDRESS_EVENTS_PER_MINUTE,
  ANALYTICS_REPEAT_SECONDS,
  ANALYTICS_TAB_EVENTS_PER_MINUTE,
} from '@evcharge/domain/analytics';
import { reportAnalyticsEvents } from '@evcharge/api/analytics/report-events';
import type { ErrorBody } from '@evcharge/domain/errors';
import { analyticsEvents } from '../../db/schema/analytics';
import { signedInUser, type TestUser } from '../../test/builders';
import { dbFingerprint } from '../../test/db-fingerprint';
import { startTestServer } from '../../test/harness';
import { withTestServer } from '../../test/hooks';
import { requestAsHost } from '../../test/host-request';

// SPEC §1: the app's own web-analytics counter. What the web sends is stored without personal
// data (no user, no address, route patterns only), with the brand of the host it came to; a
// refused report stores nothing; only analysts and administrators read the summary.

const clock = { at: new Date('2026-11-20T10:00:00Z') };
const server = withTestServer({
  now: () => clock.at,
  config: { brandHosts: { 'volt.example': 'volt' } },
});

const VISIT = 'k3J9x_Qw-2mZp8RtYv4aBc';
/** A browser tab's visit id of its own: what one tab sent before does not bound another. */
const newVisit = () => randomBytes(16).toString('base64url');

type Stored = typeof analyticsEvents.$inferSelect;
const stored = async (): Promise<Stored[]> =>
  server.db.select().from(analyticsEvents).orderBy(analyticsEvents.id);

const report = (body: unknown, token?: string) =>
  server.call<{ accepted: number } & Partial<ErrorBody>>(reportAnalyticsEvents, { body, token });

let driver: TestUser & { token: string };
beforeAll(async () => {
  driver = await signedInUser(server, { name: 'Marta', phone: '+79990001122' });
});
beforeEach(async () => {
  await server.db.delete(analyticsEvents);
  clock.at = new Date('2026-11-20T10:00:00Z');
});

describe('POST /api/analytics/events', () => {
  it('stores page views and funnel steps as route patterns, with nothing about who sent them', async () => {
    // A signed-in driver's browser, sending the token as well: it is not read.
    const visit = newVisit();
    const answer = await report(
      {
        visit: visit,
        events: [
          { name: 'pageView', path: '/' },
          { name: 'stationOpened', path: '/' },
          { name: 'pageView', path: `/receipt/3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f` },
          { name: 'pageView', path: `/persone/${driver.email}` },
          { name: 'chargeStarted', path: '/precharging' },
        ],
      },
      driver.token,
    );
    expect(answer.status).toBe(201);
    expect(answer.body.accepted).toBe(5);
    const rows = await stored();
    expect(rows.map(({ name, path, brand, visit }) => ({ name, path, brand, visit }))).toEqual([
      { name: 'pageView', path: '/', brand: 'demo', visit: visit },
      { name: 'stationOpened', path: '/', brand: 'demo', visit: visit },
      { name: 'pageView', path: '/receipt/:id', brand: 'demo', visit: visit },
      { name: 'pageView', path: '/persone/:id', brand: 'demo', visit: visit },
      { name: 'chargeStarted', path: '/precharging', brand: 'demo', visit: visit },
    ]);
    for (const row of rows) expect(row.at).toEqual(clock.at);
    // The table has no place for personal data, and none slipped into what it has.
    expect(Object.keys(rows[0]!).sort()).toEqual(['at', 'brand', 'id', 'name', 'path', 'visit']);
    const text = JSON.stringify(rows);
    for (const personal of [driver.id, driver.email, '+79990001122', '127.0.0.1', driver.token]) {
      expect(text).not.toContain(personal);
    }
  });

  it('counts for the brand of the host the page was served on', async () => {
    const answer = await requestAsHost(server.baseUrl, 'volt.example', '/api/analytics/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ visit: newVisit(), events: [{ name: 'pageView', path: '/' }] }),
    });
    expect(answer.status).toBe(201);
    expect((await stored()).map((row) => row.brand)).toEqual(['volt']);
  });

  it.each([
    ['no visit', { events: [{ name: 'pageView', path: '/' }] }, 'visit'],
    ['a visit id too short', { visit: 'abc', events: [{ name: 'pageView', path: '/' }] }, 'visit'],
    ['a visit id with other characters', { visit: 'a'.repeat(15) + '@', events: [{ name: 'pageView', path: '/' }] }, 'visit'],
    ['no events', { visit: VISIT, events: [] }, 'events'],
    ['too many events', { visit: VISIT, events: Array(31).fill({ name: 'pageView', path: '/' }) }, 'events'],
    ['an unknown event', { visit: VISIT, events: [{ name: 'purchase', path: '/' }] }, 'events.0.name'],
    ['a full URL', { visit: VISIT, events: [{ name: 'pageView', path: 'https://evil.example/x' }] }, 'events.0.path'],
    ['a long path', { visit: VISIT, events: [{ name: 'pageView', path: `/${'a'.repeat(90)}` }] }, 'events.0.path'],
    ['a user id beside an event', { visit: VISIT, events: [{ name: 'pageView', path: '/', userId: 'x' }] }, 'events.0.userId'],
    ['a field of its own', { visit: VISIT, events: [{ name: 'pageView', path: '/' }], ip: '1.2.3.4' }, 'ip'],
  ])('refuses %s and stores nothing of the batch', async (_case, body, field) => {
    const before = await dbFingerprint(server.db);
    const answer = await report(body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.fields?.map((f) => f.path)).toContain(field);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('refuses a body larger than any batch of the app (413) and JSON it cannot read', async () => {
    const before = await dbFingerprint(server.db);
    const big = await server.fetch('/api/analytics/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ visit: VISIT, events: [{ name: 'pageView', path: '/' }], pad: 'x'.repeat(9000) }),
    });
    expect(big.status).toBe(413);
    const broken = await server.fetch('/api/analytics/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"visit":',
    });
    expect(broken.status).toBe(400);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('limits the batches per address and minute (429), storing nothing of the refused one', async () => {
    const limited = await startTestServer({ rateLimits: { analyticsPerMinute: 2 } });
    try {
      const body = () => ({ visit: newVisit(), events: [{ name: 'pageView', path: '/' }] });
      const send = () => limited.call(reportAnalyticsEvents, { body: body() });
      expect((await send()).status).toBe(201);
      expect((await send()).status).toBe(201);
      const before = await dbFingerprint(limited.db);
      const third = await send();
      expect(third.status).toBe(429);
      expect(third.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(await dbFingerprint(limited.db)).toEqual(before);
      expect(await limited.db.select().from(analyticsEvents)).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });
});

describe('what one browser tab can count', () => {
  // A server of its own, on a clock that only moves on: the minutes and the repeats' seconds
  // of the tests above (all from this address) do not reach into these.
  const tabClock = { at: new Date('2026-12-01T10:00:00Z') };
  const counting = withTestServer({ now: () => tabClock.at });
  const send = (visit: string, events: { name: string; path: string }[]) =>
    counting.call<{ accepted: number }>(reportAnalyticsEvents, { body: { visit, events } });
  const countedOf = async (visit: string) =>
    (await counting.db.select().from(analyticsEvents)).filter((row) => row.visit === visit).length;
  /** `n` page views of routes no other has: no repeats among them. */
  const distinctViews = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({ name: 'pageView', path: `/flood/${word(from + i)}` }));
  const word = (n: number): string => (n < 26 ? '' : word(Math.floor(n / 26) - 1)) + String.fromCharCode(97 + (n % 26));
  const later = (seconds: number) => {
    tabClock.at = new Date(tabClock.at.getTime() + seconds * 1000);
  };
  beforeEach(() => later(3600));

  it(`a flood from one tab counts at most ${ANALYTICS_TAB_EVENTS_PER_MINUTE} events a minute, then again the next minute`, async () => {
    const tab = newVisit();
    let accepted = 0;
    for (let batch = 0; batch < 10; batch += 1) {
      const answer = await send(tab, distinctViews(30, batch * 30));
      expect(answer.status).toBe(201);
      accepted += answer.body.accepted;
    }
    expect(accepted).toBe(ANALYTICS_TAB_EVENTS_PER_MINUTE);
    expect(await countedOf(tab)).toBe(ANALYTICS_TAB_EVENTS_PER_MINUTE);
    later(61);
    expect((await send(tab, distinctViews(30, 1000))).body.accepted).toBe(ANALYTICS_TAB_EVENTS_PER_MINUTE);
    expect(await countedOf(tab)).toBe(2 * ANALYTICS_TAB_EVENTS_PER_MINUTE);
  });

  it(`the same event from the same tab within ${ANALYTICS_REPEAT_SECONDS} s counts once`, async () => {
    const tab = newVisit();
    const view = { name: 'pageView', path: '/receipts' };
    const opened = { name: 'stationOpened', path: '/' };
    expect((await send(tab, [view, view, opened, view])).body.accepted).toBe(2);
    later(ANALYTICS_REPEAT_SECONDS - 1);
    expect((await send(tab, [view, opened])).body.accepted).toBe(0);
    later(1);
    expect((await send(tab, [opened, view])).body.accepted).toBe(2);
    // The same route and a station opened on it are two events, and a route with another id
    // is the same route pattern: a repeat.
    later(ANALYTICS_REPEAT_SECONDS);
    expect((await send(tab, [{ name: 'pageView', path: '/receipt/41' }, { name: 'pageView', path: '/receipt/42' }])).body.accepted).toBe(1);
    expect(await countedOf(tab)).toBe(5);
  });

  it('a second tab counts on its own, and all the tabs of one address together at most their bound', async () => {
    const first = newVisit();
    const second = newVisit();
    expect((await send(first, distinctViews(30))).body.accepted).toBe(ANALYTICS_TAB_EVENTS_PER_MINUTE);
    expect((await send(first, distinctViews(5, 30))).body.accepted).toBe(0);
    // The same routes from another tab are not its repeats.
    expect((await send(second, distinctViews(5))).body.accepted).toBe(5);
    expect(await countedOf(second)).toBe(5);
    // A new visit id for every batch does not get past the address's bound.
    let accepted = ANALYTICS_TAB_EVENTS_PER_MINUTE + 5;
    for (let batch = 0; batch < 10; batch += 1) {
      accepted += (await send(newVisit(), distinctViews(30))).body.accepted;
    }
    expect(accepted).toBe(ANALYTICS_ADDRESS_EVENTS_PER_MINUTE);
  });
});

describe('GET /api/admin/analytics', () => {
  type Summary = {
    days: { day: string; pageViews: number; visits: number }[];
    funnel: { step: string; events: number; visits: number }[];
    topPaths: { path: string; pageViews: number }[];
    brands: { id: string; title: string }[];
    brand: string | null;
  };
  const period = { from: '2026-11-18', to: '2026-11-20' };

  let analyst: TestUser & { token: string };
  let admin: TestUser & { token: string };
  let support: TestUser & { token: string };
  let moderator: TestUser & { token: string };
  beforeAll(async () => {
    [analyst, admin, support, moderator] = await Promise.all([
      signedInUser(server, { name: 'Dana', staffRole: 'analyst' }),
      signedInUser(server, { name: 'Ada', staffRole: 'admin' }),
      signedInUser(server, { name: 'Sam', staffRole: 'support' }),
      signedInUser(server, { name: 'Mod', staffRole: 'moderator' }),
    ]);
  });

  it('is for analysts and administrators; drivers, support and moderators meet a route that does not exist', async () => {
    for (const who of [driver, support, moderator]) {
      const answer = await server.call(getAnalyticsSummary, { query: period, token: who.token });
      expect(answer.status, who.email).toBe(404);
      expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await server.call(getAnalyticsSummary, { query: period })).status).toBe(401);
    for (const who of [analyst, admin]) {
      const answer = await server.call(getAnalyticsSummary, { query: period, token: who.token });
      expect(answer.status, who.email).toBe(200);
    }
  });

  it('sums page views per day and the funnel by steps and visits, per brand or for all', async () => {
    const at = (iso: string) => {
      clock.at = new Date(iso);
    };
    const visit = newVisit();
    at('2026-11-18T09:00:00Z');
    await report({
      visit,
      events: [
        { name: 'pageView', path: '/' },
        { name: 'stationOpened', path: '/' },
        { name: 'pageView', path: '/precharging' },
        { name: 'chargeStarted', path: '/precharging' },
      ],
    });
    // Another station opened on the map a little later (sooner, it would be a repeat).
    at('2026-11-18T09:00:30Z');
    await report({ visit, events: [{ name: 'stationOpened', path: '/' }] });
    at('2026-11-20T23:59:00Z');
    await report({
      visit: newVisit(),
      events: [
        { name: 'pageView', path: '/' },
        { name: 'pageView', path: '/charging' },
        { name: 'sessionEnded', path: '/charging' },
      ],
    });
    // Outside the period: the day after.
    at('2026-11-21T00:00:00Z');
    await report({ visit, events: [{ name: 'pageView', path: '/' }] });
    at('2026-11-21T00:01:00Z');
    await requestAsHost(server.baseUrl, 'volt.example', '/api/analytics/events', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ visit, events: [{ name: 'pageView', path: '/' }] }),
    });

    const all = await server.call<Summary>(getAnalyticsSummary, { query: period, token: analyst.token });
    expect(all.body.days).toEqual([
      { day: '2026-11-18', pageViews: 2, visits: 1 },
      { day: '2026-11-19', pageViews: 0, visits: 0 },
      { day: '2026-11-20', pageViews: 2, visits: 1 },
    ]);
    expect(all.body.funnel).toEqual([
      { step: 'map', events: 2, visits: 2 },
      { step: 'stationOpened', events: 2, visits: 1 },
      { step: 'chargeStarted', events: 1, visits: 1 },
      { step: 'sessionEnded', events: 1, visits: 1 },
    ]);
    expect(all.body.topPaths).toEqual([
      { path: '/', pageViews: 2 },
      { path: '/charging', pageViews: 1 },
      { path: '/precharging', pageViews: 1 },
    ]);
    expect(all.body.brands.map((brand) => brand.id)).toEqual(['demo', 'volt']);

    const nextDay = { from: '2026-11-21', to: '2026-11-21' };
    const volt = await server.call<Summary>(getAnalyticsSummary, {
      query: { ...nextDay, brand: 'volt' },
      token: admin.token,
    });
    expect(volt.body).toMatchObject({ brand: 'volt', days: [{ day: '2026-11-21', pageViews: 1, visits: 1 }] });
    const both = await server.call<Summary>(getAnalyticsSummary, { query: nextDay, token: admin.token });
    expect(both.body.days).toEqual([{ day: '2026-11-21', pageViews: 2, visits: 1 }]);
  });

  it.each([
    [{ from: '2026-11-20', to: '2026-11-18' }, 'to'],
    [{ from: '2025-01-01', to: '2026-11-18' }, 'from'],
    [{ from: '2026-11-31', to: '2026-12-01' }, 'from'],
    [{ from: 'yesterday', to: '2026-11-18' }, 'from'],
    [{ ...period, brand: '../etc' }, 'brand'],
  ])('refuses the period %j (400 on %s)', async (query, field) => {
    const answer = await server.call<ErrorBody>(getAnalyticsSummary, { query, token: analyst.token });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.map((f) => f.path)).toEqual([field]);
  });
});
