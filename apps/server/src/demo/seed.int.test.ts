import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countries } from '@evcharge/domain/constants';
import { connectorStatuses, stationLabels } from '@evcharge/domain/connector-status';
import { verifyPassword } from '../modules/auth';
import { userWalletBalanceMinor } from '../modules/ledger';
import { openTestDatabase } from '../test/database';
import type { Database } from '../db/client';
import { analyticsEvents } from '../db/schema/analytics';
import { demoAccounts } from './accounts';
import { demoChargePointPassword, DEMO_STATION_COUNT, seedDemoIfEmpty } from './seed';
import { fitsLoyaltyFormat } from '@evcharge/domain/loyalty';
import { chargePoints } from '../db/schema/ocpp';
import { loyaltyCards, loyaltyCompanies } from '../db/schema/driver';
import { demoDriverLoyaltyCard, demoLoyalty } from './loyalty';
import { companyMembers, users } from '../db/schema/users';
import { messages, reviews, supportConversations } from '../db/schema/social';
import { demoConversation } from './messages';
import { favouriteStations, stations } from '../db/schema/stations';
import { privateStations } from '../db/schema/private-stations';
import { demoClaimSecret } from './private-stations';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function values(query: ReturnType<typeof sql>): Promise<string[]> {
  const result = (await database.db.execute(query)) as { rows: { v: string }[] };
  return result.rows.map((row) => row.v).sort();
}

describe('demo data', () => {
  it('seeds an empty database once', async () => {
    expect(await seedDemoIfEmpty(database.db)).toEqual({ stations: DEMO_STATION_COUNT, users: 3 });
    expect(await seedDemoIfEmpty(database.db)).toBeNull();
  });

  it('has the demo accounts with their passwords, company and balance', async () => {
    for (const account of Object.values(demoAccounts)) {
      const [user] = await database.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(await verifyPassword(user?.passwordHash ?? '', account.password)).toBe(true);
    }
    const [corp] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, demoAccounts.corp.email));
    expect(corp?.accountType).toBe('CORPORATE');
    const members = await database.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.userId, corp?.id ?? ''));
    expect(members).toHaveLength(1);
    const [driver] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, demoAccounts.driver.email));
    expect(await userWalletBalanceMinor(database.db, driver?.id ?? '', 'rub')).toBe(150_000);
    // Every demo driver can charge out of the box (demo accounts start with a balance).
    const [anna] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, demoAccounts.anna.email));
    expect(await userWalletBalanceMinor(database.db, anna?.id ?? '', 'rub')).toBe(80_000);
  });

  it('has a discount and a points programme, and a points card on the demo driver', async () => {
    const companies = await database.db.select().from(loyaltyCompanies);
    expect(companies.map((company) => [company.name, company.benefitKind]).sort()).toEqual([
      [demoLoyalty.airline.name, 'points'],
      [demoLoyalty.fuel.name, 'discount'],
    ]);
    const [driver] = await database.db
      .select()
      .from(users)
      .where(eq(users.email, demoAccounts.driver.email));
    const cards = await database.db
      .select({ card: loyaltyCards, company: loyaltyCompanies })
      .from(loyaltyCards)
      .innerJoin(loyaltyCompanies, eq(loyaltyCompanies.id, loyaltyCards.loyaltyCompanyId))
      .where(eq(loyaltyCards.userId, driver?.id ?? ''));
    expect(cards).toHaveLength(1);
    const { card, company } = cards[0]!;
    expect(card).toMatchObject({ ...demoDriverLoyaltyCard, isDefault: true });
    expect(company.benefitKind).toBe('points');
    const format = {
      length: company.numberLength,
      prefix: company.numberPrefix,
      checkDigit: company.checkDigit,
    };
    expect(fitsLoyaltyFormat(card.number, format)).toBe(true);
  });

  it('covers every country, connector status and station state', async () => {
    expect(await values(sql`select distinct country as v from stations`)).toEqual(
      [...countries].sort(),
    );
    expect(await values(sql`select distinct status as v from connectors`)).toEqual(
      [...connectorStatuses].sort(),
    );
    expect(await values(sql`select distinct state as v from stations`)).toEqual(
      [...stationLabels].sort(),
    );
    const flags = await values(sql`
      select 'limited' as v from stations where is_limited_access
      union select 'private' from stations where is_private
      union select 'owned' from stations where owner_user_id is not null
      union select 'limited-hours' from stations where work_hours <> '24/7'
      union select 'dc' from connectors where current_type = 'DC'
      union select 'zones' from tariff_zones
      union select 'tariff-change' from stations where tariff_changes_at > now()`);
    expect(flags).toEqual([
      'dc',
      'limited',
      'limited-hours',
      'owned',
      'private',
      'tariff-change',
      'zones',
    ]);
  });

  it('has only our own stations: roaming ones come from the partner over OCPI', async () => {
    // npm start runs the partner operator (apps/ocpi-peer) and registers with it (README "Run it").
    expect(await values(sql`select count(*)::text as v from stations where is_roaming`)).toEqual(['0']);
    expect(await values(sql`select count(*)::text as v from stations where roaming_operator is not null`)).toEqual(['0']);
  });

  it('has private stations waiting with the README’s codes and secrets, and the driver’s own two', async () => {
    // README "Demo": a person trying the demo adds one of these (the browser journey adds the first).
    const listed = { 'OVB-00090': 'D34B-257D', 'MOW-00257': '0C1B-5309' };
    for (const [code, secret] of Object.entries(listed)) {
      expect(demoClaimSecret(code)).toBe(secret);
      const [row] = await database.db
        .select({ owner: stations.ownerUserId, isPrivate: stations.isPrivate, hash: privateStations.secretHash })
        .from(stations)
        .innerJoin(privateStations, eq(privateStations.stationId, stations.id))
        .where(eq(stations.code, code));
      expect(row).toMatchObject({ owner: null, isPrivate: true });
      expect(await verifyPassword(row!.hash, secret)).toBe(true);
    }
    const [driver] = await database.db.select().from(users).where(eq(users.email, demoAccounts.driver.email));
    const owned = await database.db
      .select({ code: stations.code, claimedAt: privateStations.claimedAt })
      .from(stations)
      .innerJoin(privateStations, eq(privateStations.stationId, stations.id))
      .where(eq(stations.ownerUserId, driver!.id));
    expect(owned).toHaveLength(2);
    expect(owned.every((row) => row.claimedAt !== null)).toBe(true);
  });

  it('registers a charge point for every demo station, with the documented password', async () => {
    const rows = await database.db.select().from(chargePoints);
    expect(rows).toHaveLength(DEMO_STATION_COUNT);
    const [first] = await values(sql`select code as v from stations order by code limit 1`);
    const row = rows.find((r) => r.id === first);
    expect(row).toBeDefined();
    expect(demoChargePointPassword('MOW-00007')).toBe('demo-mow-00007');
    expect(
      await verifyPassword(row?.passwordHash ?? '', demoChargePointPassword(first ?? '')),
    ).toBe(true);
  });

  it('has a moderator, a support agent and an analyst, and approved reviews on the driver’s favourites', async () => {
    const staff = await database.db
      .select({ email: users.email, staffRole: users.staffRole })
      .from(users)
      .where(sql`${users.staffRole} is not null`);
    expect(staff.sort((a, b) => a.email.localeCompare(b.email))).toEqual([
      { email: demoAccounts.analyst.email, staffRole: 'analyst' },
      { email: demoAccounts.moderator.email, staffRole: 'moderator' },
      { email: demoAccounts.support.email, staffRole: 'support' },
    ]);
    const [driver] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.driver.email));
    const liked = await database.db
      .select({ stationId: favouriteStations.stationId })
      .from(favouriteStations)
      .where(eq(favouriteStations.userId, driver?.id ?? ''));
    const written = await database.db.select().from(reviews);
    expect(written.length).toBeGreaterThanOrEqual(6);
    expect(written.every((review) => review.status === 'approved')).toBe(true);
    expect(new Set(written.map((review) => review.stationId))).toEqual(
      new Set(liked.map((like) => like.stationId)),
    );
    expect(written.some((review) => review.isAnonymous)).toBe(true);
    expect(written.some((review) => review.chargingWorked === false)).toBe(true);
  });

  it('has four weeks of both brands’ page views and funnel steps for the analytics, without personal data', async () => {
    const rows = await database.db
      .select({
        brand: analyticsEvents.brand,
        name: analyticsEvents.name,
        days: sql<number>`count(distinct date_trunc('day', ${analyticsEvents.at}))::int`,
      })
      .from(analyticsEvents)
      .groupBy(analyticsEvents.brand, analyticsEvents.name);
    for (const brand of ['demo', 'volt']) {
      for (const name of ['pageView', 'stationOpened', 'chargeStarted', 'sessionEnded']) {
        const row = rows.find((r) => r.brand === brand && r.name === name);
        expect(row?.days, `${brand} ${name}`).toBeGreaterThanOrEqual(27);
      }
    }
  });

  it('has the driver’s conversation with support: a question, the agent’s answer, both read', async () => {
    const [driver] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.driver.email));
    const [agent] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoAccounts.support.email));
    const chat = await database.db
      .select()
      .from(messages)
      .where(eq(messages.userId, driver?.id ?? ''))
      .orderBy(messages.seq);
    expect(chat.map((m) => [m.author, m.text, m.staffUserId])).toEqual([
      ['user', demoConversation.question, null],
      ['support', demoConversation.answer, agent?.id],
    ]);
    expect(chat.every((m) => m.readAt !== null)).toBe(true);
    const [inbox] = await database.db
      .select()
      .from(supportConversations)
      .where(eq(supportConversations.userId, driver?.id ?? ''));
    expect(inbox).toMatchObject({
      lastSeq: chat[1]?.seq,
      lastAuthor: 'support',
      waitingSince: null,
      supportReadSeq: chat[0]?.seq,
      userReadSeq: chat[1]?.seq,
    });
    // The balance is the demo's top-up, untouched.
    expect(await userWalletBalanceMinor(database.db, driver?.id ?? '', 'rub')).toBe(150_000);
  });
});
