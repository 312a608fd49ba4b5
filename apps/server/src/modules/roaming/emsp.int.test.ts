import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authorizationHeader } from '@evcharge/api/ocpi/types';
import { getStation } from '@evcharge/api/stations/get-station';
import { listStations } from '@evcharge/api/stations/list-stations';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { socketTypeIds } from '@evcharge/domain/socket-type';
import { fixtureLocations, fixtureTariffs } from '@evcharge/ocpi-peer/fixtures';
import type { PeerOptions } from '@evcharge/ocpi-peer/peer';
import { demoBrand } from '../../brand/demo';
import { roamingPartners } from '../../db/schema/roaming';
import { connectors, stations } from '../../db/schema/stations';
import { driver } from '../../test/charging';
import { withTestServer } from '../../test/hooks';
import { roamingDeps, withPeers } from '../../test/roaming';
import {
  hashToken,
  invitePartner,
  pullPartner,
  registerWith,
  unregisterFrom,
  updateWith,
  type RoamingDeps,
} from './index';

// SPEC §1 "Stations of other operators appear through roaming", OCPI 2.2.1 from our side as
// eMSP, against the partner operator of apps/ocpi-peer on loopback: the credentials handshake
// both ways, token rotation and unregistration, the pull of its tariffs and locations onto our
// map, its pushes (late, repeated, out of order) and its faults.

const server = withTestServer();
const peer = withPeers();

const deps = (): RoamingDeps => roamingDeps(server);
const silent = { warn: () => undefined };


/** The peer's party: a fresh one per test, so stations of one test are not another's. */
let parties = 0;
const partyOf = () => {
  parties++;
  return { countryCode: 'FI', partyId: `N${String(parties).padStart(2, '0')}` };
};

async function registered(options: PeerOptions = {}) {
  const partner = await peer({ ...partyOf(), ...options });
  const row = await registerWith(deps(), partner.versionsUrl, partner.config.registrationToken);
  return { peer: partner, row };
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

async function partnerStations(partnerId: string) {
  return server.db.select().from(stations).where(eq(stations.roamingPartnerId, partnerId));
}

async function connectorOf(partnerId: string, evseUid: string) {
  const [row] = await server.db
    .select({ status: connectors.status, id: connectors.id })
    .from(connectors)
    .innerJoin(stations, eq(stations.id, connectors.stationId))
    .where(and(eq(stations.roamingPartnerId, partnerId), eq(connectors.ocpiEvseUid, evseUid)));
  return row;
}

describe('the credentials handshake (OCPI 2.2.1 §7)', () => {
  it('we register with a partner by its token A; both sides then call with the new tokens', async () => {
    const { peer: partner, row } = await registered();
    expect(row).toMatchObject({
      status: 'registered',
      name: 'NordCharge',
      countryCode: partner.config.countryCode,
      partyId: partner.config.partyId,
      version: '2.2.1',
    });
    expect(row.roles.map((role) => role.role).sort()).toEqual(['CPO', 'EMSP']);
    expect(row.endpoints.some((e) => e.identifier === 'locations' && e.role === 'SENDER')).toBe(true);
    // The peer holds our versions and the token we gave it, which we know only by its hash.
    const known = partner.partner();
    expect(known).toBeDefined();
    const tokenForUs = known!.tokenToCallThem;
    expect(hashToken(tokenForUs ?? '')).toBe(row.inboundTokenHash);
    const versions = await ocpi('/versions', tokenForUs!);
    expect(versions.status).toBe(200);
    const body = (await versions.json()) as { status_code: number; data: { version: string }[] };
    expect(body.status_code).toBe(1000);
    expect(body.data.map((v) => v.version)).toEqual(['2.2.1']);
    // A token nobody was given is refused (§4.1.1).
    expect((await ocpi('/versions', 'not-a-token')).status).toBe(401);
  });

  it('a partner registers with us by the token A we handed out, which then stops working', async () => {
    const partner = await peer(partyOf());
    const { partner: invited, tokenA } = await invitePartner(deps(), 'NordCharge');
    const theirs = await partner.register(`${server.baseUrl}/ocpi/versions`, tokenA);
    const [row] = await server.db
      .select()
      .from(roamingPartners)
      .where(eq(roamingPartners.id, invited.id));
    expect(row).toMatchObject({ status: 'registered', name: 'NordCharge' });
    expect(row!.outboundToken).toBe(theirs.tokenTheyUse);
    expect((await ocpi('/versions', tokenA)).status).toBe(401);
    // Registered already: a second POST is refused, an update is a PUT (§7.2.1).
    const again = await ocpi('/2.2.1/credentials', theirs.tokenToCallThem, {
      method: 'POST',
      body: JSON.stringify({ token: 'x', url: partner.versionsUrl, roles: [] }),
    });
    expect(again.status).toBe(405);
  });

  it('rotates the tokens both ways on an update, and unregistering shuts the partner out', async () => {
    const { peer: partner, row } = await registered();
    const oldToken = partner.partner()!.tokenToCallThem!;
    const updated = await updateWith(deps(), row.id);
    const newToken = partner.partner()!.tokenToCallThem!;
    expect(newToken).not.toBe(oldToken);
    expect(updated.inboundTokenHash).toBe(hashToken(newToken));
    expect(updated.outboundToken).not.toBe(row.outboundToken);
    expect((await ocpi('/versions', oldToken)).status).toBe(401);
    expect((await ocpi('/versions', newToken)).status).toBe(200);
    // The partner's side works with the new token: a pull goes through.
    expect((await pullPartner(deps(), row.id, silent)).locations).toBeGreaterThan(0);

    await unregisterFrom(deps(), row.id);
    expect(partner.partner()).toBeUndefined();
    expect((await ocpi('/versions', newToken)).status).toBe(401);
  });

  it('refuses bad credentials with 2001 and keeps the invitation', async () => {
    const { tokenA } = await invitePartner(deps(), 'Someone');
    const answer = await ocpi('/2.2.1/credentials', tokenA, {
      method: 'POST',
      body: JSON.stringify({ token: '', url: 'not a url' }),
    });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { status_code: number }).status_code).toBe(2001);
    expect((await ocpi('/versions', tokenA)).status).toBe(200);
  });
});

describe('the partner’s stations on our map (OCPI 2.2.1 §8, §11)', () => {
  it('pulls its tariffs and locations page by page; the map lists them with its prices', async () => {
    const { peer: partner, row } = await registered();
    const pulled = await pullPartner(deps(), row.id, silent);
    const party = { countryCode: partner.config.countryCode, partyId: partner.config.partyId };
    expect(pulled).toEqual({
      tariffs: fixtureTariffs(party).length,
      locations: fixtureLocations(party, 'NordCharge').length,
      invalid: 0,
    });
    // More than one page each way (the peer pages by 10).
    expect(partner.requestLog.filter((r) => r.url.includes('/locations')).length).toBeGreaterThan(1);
    const ours = await partnerStations(row.id);
    expect(ours).toHaveLength(fixtureLocations(party, 'NordCharge').length);
    const kamppi = ours.find((s) => s.ocpiLocationId === 'NCH-HEL-001')!;
    expect(kamppi).toMatchObject({
      isRoaming: true,
      roamingOperator: 'NordCharge',
      country: 'fi',
      city: 'Helsinki',
      tariffId: null,
    });

    const who = await driver(server, 0);
    const near = await server.call<{ items: { id: string; isRoaming: boolean; roamingOperator: string | null }[] }>(
      listStations,
      {
        token: who.token,
        body: {
          connectorTypes: [...socketTypeIds],
          near: { lat: kamppi.lat, lng: kamppi.lng, radiusKm: 1 },
          includeRoaming: true,
          pageSize: 50,
        },
      },
    );
    expect(near.status).toBe(200);
    expect(near.body.items.find((item) => item.id === kamppi.id)).toMatchObject({
      isRoaming: true,
      roamingOperator: 'NordCharge',
    });
    const detail = await server.call<StationDetail>(getStation, {
      token: who.token,
      params: { guid: kamppi.id },
    });
    expect(detail.status).toBe(200);
    expect(detail.body.tariff).toBeNull();
    expect(detail.body.roaming).toMatchObject({
      operator: 'NordCharge',
      markupPercent: demoBrand.roaming.markupPercent,
      walletCurrency: 'rub',
      rate: demoBrand.roaming.rates.eur!.rub,
    });
    const ids = detail.body.connectors.map((c) => c.roamingTariffId);
    expect(ids.every((id) => id !== null)).toBe(true);
    expect(detail.body.roaming!.tariffs.map((t) => t.id).sort()).toEqual([...new Set(ids)].sort());

    // The next pull asks only what changed since (date_from), and nothing did.
    const before = partner.requestLog.length;
    expect(await pullPartner(deps(), row.id, silent)).toEqual({ tariffs: 0, locations: 0, invalid: 0 });
    const asked = partner.requestLog.slice(before).map((r) => r.url);
    expect(asked.every((url) => url.includes('date_from='))).toBe(true);
  });

  it('takes status pushes, ignores late, repeated and out-of-order ones', async () => {
    // The partner's clock, a second on at each change (its times are whole seconds).
    let now = Date.parse('2026-11-20T10:00:00Z');
    const { peer: partner, row } = await registered({ clock: () => new Date(now) });
    await pullPartner(deps(), row.id, silent);
    const evse = 'NCH-HEL-001-1';
    now += 1000;
    await partner.setEvseStatus('NCH-HEL-001', evse, 'OUTOFORDER');
    expect((await connectorOf(row.id, evse))?.status).toBe('faulted');

    // Each push twice: the second changes nothing.
    partner.faults.duplicatePushes = true;
    now += 1000;
    await partner.setEvseStatus('NCH-HEL-001', evse, 'CHARGING');
    expect((await connectorOf(row.id, evse))?.status).toBe('charging');
    partner.faults.duplicatePushes = false;

    // An older push arriving after a newer one: the newer stays.
    partner.faults.reorderPushes = true;
    now += 1000;
    await partner.setEvseStatus('NCH-HEL-001', evse, 'AVAILABLE');
    now += 1000;
    await partner.setEvseStatus('NCH-HEL-001', evse, 'BLOCKED');
    await partner.flushPushes();
    partner.faults.reorderPushes = false;
    const log = partner.pushLog.filter((p) => p.url.endsWith(`/${evse}`)).slice(-2);
    expect(log.map((p) => (p.body as { status: string }).status)).toEqual(['BLOCKED', 'AVAILABLE']);
    expect(log.every((p) => p.status === 200)).toBe(true);
    expect((await connectorOf(row.id, evse))?.status).toBe('unavailable');
  });

  it('refuses a push for another party, an unknown location, or an invalid object, changing nothing', async () => {
    const { peer: partner, row } = await registered();
    await pullPartner(deps(), row.id, silent);
    const token = partner.partner()!.tokenToCallThem!;
    const party = `${partner.config.countryCode}/${partner.config.partyId}`;
    const patch = JSON.stringify({ status: 'OUTOFORDER', last_updated: new Date().toISOString() });
    const other = await ocpi('/2.2.1/emsp/locations/RU/EVC/NCH-HEL-001/NCH-HEL-001-1', token, {
      method: 'PATCH',
      body: patch,
    });
    expect(other.status).toBe(400);
    const unknown = await ocpi(`/2.2.1/emsp/locations/${party}/NOPE/NOPE-1`, token, {
      method: 'PATCH',
      body: patch,
    });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { status_code: number }).status_code).toBe(2003);
    const invalid = await ocpi(`/2.2.1/emsp/locations/${party}/NCH-HEL-001/NCH-HEL-001-1`, token, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'BROKEN', last_updated: new Date().toISOString() }),
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { status_code: number }).status_code).toBe(2001);
    expect((await connectorOf(row.id, 'NCH-HEL-001-1'))?.status).not.toBe('faulted');
  });

  it('a pull that fails part way marks nothing pulled and is repeated whole; a silent partner times out', async () => {
    const { peer: partner, row } = await registered();
    partner.faults.failNext(1, 503);
    await expect(pullPartner(deps(), row.id, silent)).rejects.toMatchObject({ failure: 'http' });
    const [afterFailure] = await server.db
      .select()
      .from(roamingPartners)
      .where(eq(roamingPartners.id, row.id));
    expect(afterFailure!.tariffsPulledAt).toBeNull();
    expect(afterFailure!.locationsPulledAt).toBeNull();

    partner.faults.hangNext(1);
    await expect(pullPartner(deps(), row.id, silent)).rejects.toMatchObject({ failure: 'timeout' });

    const pulled = await pullPartner(deps(), row.id, silent);
    expect(pulled.locations).toBeGreaterThan(0);
    expect(await partnerStations(row.id)).toHaveLength(pulled.locations);
  });

  it('a tariff pushed again replaces the one we hold; an older one does not', async () => {
    const { peer: partner, row } = await registered();
    await pullPartner(deps(), row.id, silent);
    const party = { countryCode: partner.config.countryCode, partyId: partner.config.partyId };
    const kamppi = (await partnerStations(row.id)).find((s) => s.ocpiLocationId === 'NCH-HEL-001')!;
    const who = await driver(server, 0);
    const shownTariffs = async () =>
      (await server.call<StationDetail>(getStation, { token: who.token, params: { guid: kamppi.id } }))
        .body.roaming!.tariffs;
    const [used] = await shownTariffs();
    const tariff = fixtureTariffs(party).find((t) => t.id === used!.id)!;
    expect(tariff).toBeDefined();

    await partner.updateTariff({
      ...tariff,
      min_price: { excl_vat: 2 },
      last_updated: new Date().toISOString(),
    });
    const shown = async () => (await shownTariffs()).find((t) => t.id === tariff.id);
    expect((await shown())?.min_price).toEqual({ excl_vat: 2 });

    const token = partner.partner()!.tokenToCallThem;
    const put = await ocpi(
      `/2.2.1/emsp/tariffs/${party.countryCode}/${party.partyId}/${tariff.id}`,
      token,
      {
        method: 'PUT',
        body: JSON.stringify({ ...tariff, min_price: { excl_vat: 9 }, last_updated: '2020-01-01T00:00:00Z' }),
      },
    );
    expect(put.status).toBe(200);
    expect((await shown())?.min_price).toEqual({ excl_vat: 2 });
  });
});
