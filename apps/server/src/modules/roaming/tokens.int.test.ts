import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteAccount } from '@evcharge/api/account/account';
import { deleteRfidTag, updateRfidTag } from '@evcharge/api/rfid/rfid';
import {
  authorizationHeader,
  ocpiDateTime,
  type OcpiLocation,
  type OcpiTariffObject,
  type OcpiToken,
} from '@evcharge/api/ocpi/types';
import { fixtureLocations, fixtureTariffs } from '@evcharge/ocpi-peer/fixtures';
import { demoBrand } from '../../brand/demo';
import { rfidTags } from '../../db/schema/driver';
import { paymentCards } from '../../db/schema/driver';
import { users } from '../../db/schema/users';
import { createUser } from '../../test/builders';
import { driver, topUp } from '../../test/charging';
import { withTestServer } from '../../test/hooks';
import { roamingDeps, withPeers } from '../../test/roaming';
import { insertCard } from '../../test/receipt-builders';
import { postTransaction } from '../ledger';
import { driverGroupTag } from '../sessions';
import {
  appTokenOf,
  authorizationByReference,
  partnerTokenByUid,
  pullPartner,
  registerWith,
  type RoamingDeps,
} from './index';

// SPEC §1 roaming, OCPI 2.2.1 §12 Tokens against the partner operator of apps/ocpi-peer: as an
// eMSP, the partner pulls our drivers' tokens, asks us in real time whether one may charge at
// its station (decided by the same start rules as a start at ours), and hears a tag blocked in
// our app; as a CPO, the partner's drivers' tokens pushed to us are kept, newest first.

const server = withTestServer();
const newPeer = withPeers();
afterEach(async () => {
  await server.app.roamingTokens.settled();
});

const deps = (): RoamingDeps => roamingDeps(server);
const silent = { warn: () => undefined };

/** A fresh party per test, so one test's stations and tokens are not another's. */
let parties = 0;
const partyOf = () => {
  parties++;
  return { countryCode: 'FI', partyId: `T${String(parties).padStart(2, '0')}` };
};

/** A partner registered with us whose stations and tariffs we pulled. */
async function partnerWithStations() {
  const party = partyOf();
  const peer = await newPeer({ requestTimeoutMs: 2000, ...party });
  const row = await registerWith(deps(), peer.versionsUrl, peer.config.registrationToken);
  await pullPartner(deps(), row.id, silent);
  return { peer, row, party };
}

async function addTag(userId: string, values: { isBlocked?: boolean } = {}) {
  const [tag] = await server.db
    .insert(rfidTags)
    .values({ userId, uid: `CARD-${randomBytes(4).toString('hex').toUpperCase()}`, ...values })
    .returning();
  return tag!;
}

async function owe(userId: string, amountMinor: number) {
  await postTransaction(server.db, {
    kind: 'charge_payment',
    reference: `test-debt-${userId}`,
    currency: 'rub',
    postings: [
      { owner: { kind: 'user_wallet', userId }, amountMinor: -amountMinor },
      { owner: { kind: 'revenue' }, amountMinor },
    ],
  });
}

const ocpi = (path: string, token: string, init: RequestInit = {}) =>
  server.fetch(`/ocpi${path}`, {
    ...init,
    headers: {
      authorization: authorizationHeader(token),
      'content-type': 'application/json',
      ...init.headers,
    },
  });

const [location, evse] = ['NCH-HEL-001', 'NCH-HEL-001-1'] as const;

describe('our drivers’ tokens for partners (eMSP, OCPI 2.2.1 §12.2.2)', () => {
  it('the partner pulls them page by page, valid OCPI: tags and app tokens; a blocked tag invalid, a deleted one gone', async () => {
    const good = await driver(server);
    const goodTag = await addTag(good.id);
    const blockedTag = await addTag(good.id, { isBlocked: true });
    const deletedTag = await addTag(good.id);
    await server.call(deleteRfidTag, { token: good.token, params: { id: deletedTag.id } });
    const closed = await createUser(server.db);
    const closedTag = await addTag(closed.id);
    await server.db.update(users).set({ isBlocked: true }).where(eq(users.id, closed.id));
    const { peer } = await partnerWithStations();

    const pulled = await peer.pull('tokens', { limit: 2 });
    expect(pulled.invalid).toEqual([]);
    expect(pulled.pages.length).toBeGreaterThan(2);
    expect(pulled.pages[0]).toMatchObject({ count: 2, limit: 2 });
    expect(pulled.pages.reduce((sum, page) => sum + page.count, 0)).toBe(
      pulled.pages[0]!.totalCount,
    );
    const byUid = new Map(pulled.objects.map((token) => [`${token.type}/${token.uid}`, token]));
    expect(byUid.get(`RFID/${goodTag.uid}`)).toMatchObject({
      country_code: 'RU',
      party_id: 'EVC',
      valid: true,
      whitelist: 'ALLOWED',
      issuer: demoBrand.title,
      group_id: driverGroupTag(good.id),
      contract_id: appTokenOf(deps(), good.id).contract_id,
    });
    expect(byUid.get(`RFID/${blockedTag.uid}`)?.valid).toBe(false);
    expect(byUid.has(`RFID/${deletedTag.uid}`)).toBe(false);
    expect(byUid.get(`RFID/${closedTag.uid}`)?.valid).toBe(false);
    expect(byUid.get(`APP_USER/${driverGroupTag(good.id)}`)).toMatchObject({
      valid: true,
      whitelist: 'NEVER',
      contract_id: appTokenOf(deps(), good.id).contract_id,
    });
    expect(byUid.get(`APP_USER/${driverGroupTag(closed.id)}`)?.valid).toBe(false);

    // Nothing changed since: a pull from a minute on is empty.
    const later = await peer.pull('tokens', {
      date_from: ocpiDateTime(new Date(Date.now() + 60_000)),
    });
    expect(later.objects).toEqual([]);
  });

  it('a tag blocked, unblocked or deleted in our app reaches the partner', async () => {
    const { peer } = await partnerWithStations();
    const who = await driver(server);
    const tag = await addTag(who.id);
    const held = () => peer.store.partnerTokens.get(`RU/EVC/${tag.uid}`);

    await server.call(updateRfidTag, { token: who.token, body: { id: tag.id, isBlocked: true } });
    await server.app.roamingTokens.settled();
    expect(held()).toMatchObject({
      uid: tag.uid,
      type: 'RFID',
      valid: false,
      whitelist: 'ALLOWED',
    });

    await server.call(updateRfidTag, { token: who.token, body: { id: tag.id, isBlocked: false } });
    await server.app.roamingTokens.settled();
    expect(held()?.valid).toBe(true);

    await server.call(deleteRfidTag, { token: who.token, params: { id: tag.id } });
    await server.app.roamingTokens.settled();
    expect(held()?.valid).toBe(false);
  });

  it('a deleted account’s tags and app token reach the partner as no longer valid', async () => {
    const { peer } = await partnerWithStations();
    const who = await driver(server, 0);
    const tag = await addTag(who.id);
    const deleted = await server.call(deleteAccount, {
      token: who.token,
      body: { password: 'Secret123' },
    });
    expect(deleted.status).toBe(200);
    await server.app.roamingTokens.settled();
    expect(peer.store.partnerTokens.get(`RU/EVC/${tag.uid}`)).toMatchObject({
      type: 'RFID',
      valid: false,
    });
    expect(peer.store.partnerTokens.get(`RU/EVC/${driverGroupTag(who.id)}`)).toMatchObject({
      type: 'APP_USER',
      valid: false,
    });
  });
});

describe('real-time authorization at a partner’s station (OCPI 2.2.1 §12.2.2.2)', () => {
  it('ALLOWED for a driver with money, tied to the driver by its reference; by the tag or the app token', async () => {
    const { peer, row } = await partnerWithStations();
    const who = await driver(server);
    const tag = await addTag(who.id);

    const presented = await peer.presentToken(tag.uid, location, evse);
    expect(presented.allowed).toBe('ALLOWED');
    const reference = presented.session!.authorization_reference!;
    expect(presented.session!.cdr_token).toMatchObject({
      uid: tag.uid,
      country_code: 'RU',
      party_id: 'EVC',
    });
    expect(await authorizationByReference(server.db, row.id, reference)).toMatchObject({
      userId: who.id,
      rfidTagId: tag.id,
      tokenUid: tag.uid,
      tokenType: 'RFID',
      locationId: location,
      evseUids: [evse],
      allowed: 'ALLOWED',
    });
    // Another partner's reference is not this one's.
    expect(await authorizationByReference(server.db, row.id, 'no-such-reference')).toBeUndefined();

    const app = await peer.presentToken(
      driverGroupTag(who.id),
      'NCH-HEL-002',
      'NCH-HEL-002-1',
      'APP_USER',
    );
    expect(app.allowed).toBe('ALLOWED');
    expect(app.session!.cdr_token.contract_id).toBe(appTokenOf(deps(), who.id).contract_id);
  });

  it('NO_CREDIT for a debt or an empty wallet without a card; a card pays', async () => {
    const { peer } = await partnerWithStations();
    const indebted = await driver(server, 0);
    await owe(indebted.id, 5_000);
    const indebtedTag = await addTag(indebted.id);
    expect((await peer.presentToken(indebtedTag.uid, location, evse)).allowed).toBe('NO_CREDIT');

    const empty = await driver(server, 0);
    const emptyTag = await addTag(empty.id);
    expect((await peer.presentToken(emptyTag.uid, location, evse)).allowed).toBe('NO_CREDIT');

    const cardId = await insertCard(server, empty.id);
    await server.db
      .update(paymentCards)
      .set({ isDefault: true })
      .where(eq(paymentCards.id, cardId));
    expect((await peer.presentToken(emptyTag.uid, location, evse)).allowed).toBe('ALLOWED');
  });

  it('BLOCKED for a blocked tag or account; unknown tokens are 2004', async () => {
    const { peer } = await partnerWithStations();
    const who = await driver(server);
    const blockedTag = await addTag(who.id, { isBlocked: true });
    expect((await peer.presentToken(blockedTag.uid, location, evse)).allowed).toBe('BLOCKED');

    const closed = await createUser(server.db);
    await topUp(server, closed.id, 100_000);
    const closedTag = await addTag(closed.id);
    await server.db.update(users).set({ isBlocked: true }).where(eq(users.id, closed.id));
    expect((await peer.presentToken(closedTag.uid, location, evse)).allowed).toBe('BLOCKED');
    expect(
      (await peer.presentToken(driverGroupTag(closed.id), location, evse, 'APP_USER')).allowed,
    ).toBe('BLOCKED');

    expect((await peer.presentToken('NOBODY-1234', location, evse)).allowed).toBe('UNKNOWN');
    // A tag's number is not an app token, nor the other way round.
    const tag = await addTag(who.id);
    expect((await peer.presentToken(tag.uid, location, evse, 'APP_USER')).allowed).toBe('UNKNOWN');
    expect((await peer.presentToken(driverGroupTag(who.id), location, evse, 'RFID')).allowed).toBe(
      'UNKNOWN',
    );
  });

  it('NOT_ALLOWED where we have no rate from the partner’s currency, or at a place that is not the partner’s', async () => {
    const { peer, party } = await partnerWithStations();
    const who = await driver(server);
    const tag = await addTag(who.id);

    // A station of the partner priced in a currency the brand has no rate from.
    const base = fixtureTariffs(party)[0]!;
    const sekTariff: OcpiTariffObject = {
      ...base,
      id: 'SEK-AC',
      currency: 'SEK',
      last_updated: ocpiDateTime(new Date()),
    };
    await peer.updateTariff(sekTariff);
    const site = fixtureLocations(party, 'NordCharge')[0]!;
    const evseOf = site.evses![0]!;
    const sekSite: OcpiLocation = {
      ...site,
      id: 'NCH-STO-001',
      evses: [
        {
          ...evseOf,
          uid: 'NCH-STO-001-1',
          evse_id: 'FI*NCH*ESTO001*1',
          connectors: evseOf.connectors.map((c) => ({ ...c, tariff_ids: ['SEK-AC'] })),
        },
      ],
      last_updated: ocpiDateTime(new Date()),
    };
    await peer.addLocation(sekSite);
    expect((await peer.presentToken(tag.uid, 'NCH-STO-001', 'NCH-STO-001-1')).allowed).toBe(
      'NOT_ALLOWED',
    );
    // The same driver at the partner's EUR station may.
    expect((await peer.presentToken(tag.uid, location, evse)).allowed).toBe('ALLOWED');

    // A Location the partner does not have with us.
    const token = peer.partner()!.tokenToCallThem;
    const answer = await ocpi(`/2.2.1/emsp/tokens/${tag.uid}/authorize?type=RFID`, token, {
      method: 'POST',
      body: JSON.stringify({ location_id: 'NOT-THEIRS-1' }),
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as {
      status_code: number;
      data: { allowed: string; authorization_reference: string; location?: unknown };
    };
    expect(body.status_code).toBe(1000);
    expect(body.data.allowed).toBe('NOT_ALLOWED');
    // §12.3.1: the Location comes back only where the driver may charge.
    expect(body.data.location).toBeUndefined();
    const there = await ocpi(`/2.2.1/emsp/tokens/${tag.uid}/authorize`, token, {
      method: 'POST',
      body: JSON.stringify({ location_id: location, evse_uids: [evse] }),
    });
    expect(
      ((await there.json()) as { data: { allowed: string; location: unknown } }).data,
    ).toMatchObject({
      allowed: 'ALLOWED',
      location: { location_id: location, evse_uids: [evse] },
    });
    expect(body.data.authorization_reference).toMatch(/^[0-9a-f-]{36}$/);

    // Unknown: HTTP 404, 2004; only a registered partner may ask.
    const unknown = await server.fetch('/ocpi/2.2.1/emsp/tokens/NOBODY-1/authorize', {
      method: 'POST',
      headers: { authorization: authorizationHeader(token) },
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { status_code: number }).status_code).toBe(2004);
    expect(
      (await ocpi(`/2.2.1/emsp/tokens/${tag.uid}/authorize`, 'someone', { method: 'POST' })).status,
    ).toBe(401);
  });
});

describe('partners’ drivers’ tokens at our stations (CPO, OCPI 2.2.1 §12.2.1 receiver)', () => {
  const card = (
    party: { countryCode: string; partyId: string },
    uid: string,
    valid: boolean,
    at: Date,
  ): OcpiToken => ({
    country_code: party.countryCode,
    party_id: party.partyId,
    uid,
    type: 'RFID',
    contract_id: `${party.countryCode}-${party.partyId}-C00000042`,
    issuer: 'NordCharge',
    valid,
    whitelist: 'ALLOWED',
    last_updated: ocpiDateTime(at),
  });

  it('keeps a token the partner pushes, newest first; refuses another party’s', async () => {
    const { peer, row, party } = await partnerWithStations();
    const uid = `NCH${randomBytes(3).toString('hex').toUpperCase()}`;
    const now = Date.now();

    await peer.updateToken(card(party, uid, true, new Date(now - 60_000)));
    expect(peer.pushLog.at(-1)).toMatchObject({ status: 200, ocpiStatus: 1000 });
    expect(await partnerTokenByUid(server.db, uid)).toMatchObject({
      partnerId: row.id,
      token: { uid, valid: true, contract_id: `${party.countryCode}-${party.partyId}-C00000042` },
    });

    // Newer: applied; older (late on the network): changes nothing.
    await peer.updateToken(card(party, uid, false, new Date(now)));
    await peer.updateToken(card(party, uid, true, new Date(now - 30_000)));
    expect((await partnerTokenByUid(server.db, uid))?.token.valid).toBe(false);

    // The partner reads what we hold of it.
    const token = peer.partner()!.tokenToCallThem;
    const one = await ocpi(
      `/2.2.1/cpo/tokens/${party.countryCode}/${party.partyId}/${uid}?type=RFID`,
      token,
    );
    expect(((await one.json()) as { data: OcpiToken }).data).toMatchObject({ uid, valid: false });
    const none = await ocpi(
      `/2.2.1/cpo/tokens/${party.countryCode}/${party.partyId}/NOPE?type=RFID`,
      token,
    );
    expect(none.status).toBe(404);
    expect(((await none.json()) as { status_code: number }).status_code).toBe(2004);

    // A PATCH of valid, then one of a token we do not hold.
    const patched = await ocpi(
      `/2.2.1/cpo/tokens/${party.countryCode}/${party.partyId}/${uid}`,
      token,
      {
        method: 'PATCH',
        body: JSON.stringify({ valid: true, last_updated: ocpiDateTime(new Date(now + 1000)) }),
      },
    );
    expect(patched.status).toBe(200);
    expect((await partnerTokenByUid(server.db, uid))?.token.valid).toBe(true);
    const patchUnknown = await ocpi(
      `/2.2.1/cpo/tokens/${party.countryCode}/${party.partyId}/NOPE`,
      token,
      {
        method: 'PATCH',
        body: JSON.stringify({ valid: false, last_updated: ocpiDateTime(new Date()) }),
      },
    );
    expect(patchUnknown.status).toBe(404);

    // Another party's token: refused, not stored.
    const foreign = `DE${randomBytes(3).toString('hex').toUpperCase()}`;
    await peer.updateToken(card({ countryCode: 'DE', partyId: 'XYZ' }, foreign, true, new Date()));
    expect(peer.pushLog.at(-1)).toMatchObject({ ocpiStatus: 2001 });
    expect(await partnerTokenByUid(server.db, foreign)).toBeUndefined();
  });
});
