import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signIn } from '@evcharge/api/auth/sign-in';
import { createCar, listCars } from '@evcharge/api/cars/cars';
import { likeStation } from '@evcharge/api/favourites/favourite-stations';
import { acceptPrivacyPolicy, deleteAccount, deletionCheck } from '@evcharge/api/account/account';
import { getSelf } from '@evcharge/api/users/get-self';
import { CLIENT_USER_TYPE, LOGIN_MAX_FAILED_ATTEMPTS } from '@evcharge/domain/constants';
import type { ErrorBody } from '@evcharge/domain/errors';
import { chargingSessions } from '../../db/schema/charging';
import { cars } from '../../db/schema/driver';
import { ledgerPostings } from '../../db/schema/money';
import { favouriteStations, tariffs } from '../../db/schema/stations';
import { accessTokens, policyAcceptances } from '../../db/schema/users';
import { signedInUser, userRow } from '../../test/builders';
import { driver, topUp } from '../../test/charging';
import { withTestServer } from '../../test/hooks';
import { addStation } from '../../test/station-builders';
import { postTransaction } from '../ledger';

const server = withTestServer();

const row = (id: string) => userRow(server, id);

/** A charge the wallet could not cover: the negative balance is debt. */
async function spend(userId: string, amountMinor: number) {
  await postTransaction(server.db, {
    kind: 'charge_payment',
    reference: `spend-${userId}-${amountMinor}`,
    currency: 'rub',
    postings: [
      { owner: { kind: 'user_wallet', userId }, amountMinor: -amountMinor },
      { owner: { kind: 'revenue' }, amountMinor },
    ],
  });
}

describe('PUT /api/user/privacy-policy', () => {
  it("records the acceptance of the brand's current version with its time", async () => {
    const user = await signedInUser(server);
    const version = (await import('../../brand/brands')).brandById('demo').privacyPolicyVersion;
    const before = Date.now();
    const res = await server.call(acceptPrivacyPolicy, { token: user.token, body: { version } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: user.id, privacyPolicyVersion: version });
    const records = await server.db
      .select()
      .from(policyAcceptances)
      .where(eq(policyAcceptances.userId, user.id));
    expect(records).toHaveLength(1);
    expect(records[0]?.version).toBe(version);
    expect(records[0]!.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await row(user.id)).privacyPolicyAcceptedAt).not.toBeNull();
  });

  it('refuses a version that is not the current one and records nothing', async () => {
    const user = await signedInUser(server);
    const res = await server.call<ErrorBody>(acceptPrivacyPolicy, {
      token: user.token,
      body: { version: '1999-01-01' },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toContainEqual({ path: 'version', rule: 'invalid' });
    expect((await row(user.id)).privacyPolicyVersion).toBeNull();
  });
});

describe('GET /api/user/deletion-check', () => {
  it('allows deleting an account with nothing on it', async () => {
    const user = await signedInUser(server);
    const res = await server.call(deletionCheck, { token: user.token });
    expect(res.body).toEqual({
      allowed: true,
      blocker: null,
      balanceMinor: 0,
      debtMinor: 0,
      currency: 'rub',
    });
  });

  it('names the debt, then the balance, as what stands in the way', async () => {
    const indebted = await signedInUser(server);
    await spend(indebted.id, 12_345);
    expect((await server.call(deletionCheck, { token: indebted.token })).body).toMatchObject({
      allowed: false,
      blocker: 'debt',
      debtMinor: 12_345,
    });
    const saver = await driver(server, 5_000);
    expect((await server.call(deletionCheck, { token: saver.token })).body).toMatchObject({
      allowed: false,
      blocker: 'balance',
      balanceMinor: 5_000,
    });
  });
});

describe('DELETE /api/user/0', () => {
  it('is blocked by debt: pay it first, and nothing changes', async () => {
    const user = await signedInUser(server);
    await spend(user.id, 50_00);
    const before = await row(user.id);
    const res = await server.call<ErrorBody>(deleteAccount, {
      token: user.token,
      body: { password: user.password },
    });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: 'DEBT_BLOCKS', details: { debtMinor: 5000 } });
    expect(await row(user.id)).toEqual(before);
    expect((await server.call(getSelf, { token: user.token })).status).toBe(200);
  });

  it('is blocked by a positive balance: contact support', async () => {
    const user = await driver(server, 100);
    const res = await server.call<ErrorBody>(deleteAccount, {
      token: user.token,
      body: { password: user.password },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'BALANCE_NOT_EMPTY', details: { balanceMinor: 100 } });
    expect((await row(user.id)).deletedAt).toBeNull();
  });

  it('is blocked while a charging session is open', async () => {
    const user = await signedInUser(server);
    // The session row is all the check reads; no charge point needs to be there.
    const station = await addStation(server, { lat: 10, lng: 10, connectors: [{}] });
    const [tariff] = await server.db.select({ id: tariffs.id }).from(tariffs).limit(1);
    await server.db.insert(chargingSessions).values({
      userId: user.id,
      connectorId: station.connectorIds[0]!,
      tariffId: tariff!.id,
      currency: 'rub',
      status: 'charging',
      idTag: `t${user.id.slice(0, 8)}`,
    });
    const res = await server.call<ErrorBody>(deleteAccount, {
      token: user.token,
      body: { password: user.password },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SESSION_OPEN');
  });

  it('needs the password, and a wrong one changes nothing', async () => {
    const user = await signedInUser(server);
    const res = await server.call<ErrorBody>(deleteAccount, {
      token: user.token,
      body: { password: 'Wrong1234' },
    });
    // Not a 401, which the app takes for an ended session: the driver stays signed in and
    // hears the tries left, counted with the sign-in's (OWASP ASVS 2.2.1).
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'WRONG_PASSWORD',
      details: { triesLeft: LOGIN_MAX_FAILED_ATTEMPTS - 1 },
    });
    expect((await row(user.id)).deletedAt).toBeNull();
    expect((await server.call(getSelf, { token: user.token })).status).toBe(200);
    const again = await server.call<ErrorBody>(deleteAccount, {
      token: user.token,
      body: { password: 'Wrong12345' },
    });
    expect(again.body.details).toEqual({ triesLeft: LOGIN_MAX_FAILED_ATTEMPTS - 2 });
    const empty = await server.call<ErrorBody>(deleteAccount, {
      token: user.token,
      body: { password: '' },
    });
    expect(empty.status).toBe(400);
  });

  it('removes personal data, revokes every token and keeps the money records', async () => {
    const user = await signedInUser(server, { name: 'Vera', phone: '+79990001122' });
    const otherDevice = (
      await server.call<{ accessToken: string }>(signIn, {
        body: { login: user.email, password: user.password, userType: CLIENT_USER_TYPE },
      })
    ).body.accessToken;
    const car = await server.call(createCar, { token: user.token, body: { name: 'Leaf' } });
    expect(car.status).toBe(201);
    const station = await addStation(server, { lat: 11, lng: 11, connectors: [{}] });
    const liked = await server.call(likeStation, { token: user.token, params: { id: station.id } });
    expect(liked.status).toBeLessThan(300);
    // A top-up and a charge that left the balance at zero: receipts the law keeps.
    await topUp(server, user.id, 20_000);
    await spend(user.id, 20_000);

    const res = await server.call(deleteAccount, {
      token: user.token,
      body: { password: user.password },
    });
    expect(res.status).toBe(200);

    const gone = await row(user.id);
    expect(gone).toMatchObject({
      name: 'Deleted user',
      surname: null,
      phone: null,
      email: `deleted-${user.id}@deleted.invalid`,
      isBlocked: true,
    });
    expect(gone.deletedAt).not.toBeNull();
    expect(await server.db.select().from(cars).where(eq(cars.userId, user.id))).toHaveLength(0);
    expect(
      await server.db.select().from(favouriteStations).where(eq(favouriteStations.userId, user.id)),
    ).toHaveLength(0);
    const tokens = await server.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.userId, user.id));
    expect(tokens.length).toBeGreaterThanOrEqual(2);
    expect(tokens.every((t) => t.revokedAt !== null)).toBe(true);
    for (const token of [user.token, otherDevice]) {
      expect((await server.call(listCars, { token })).status).toBe(401);
    }
    const signInAgain = await server.call<ErrorBody>(signIn, {
      body: { login: user.email, password: user.password, userType: CLIENT_USER_TYPE },
    });
    expect(signInAgain.status).toBe(401);
    // The ledger still balances with the deleted user's postings in it.
    const postings = await server.db.select().from(ledgerPostings);
    expect(postings.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(0);
  });
});
