import { afterEach, describe, expect, it } from 'vitest';
import { authorizationHeader, type OcpiLocation } from '@evcharge/api/ocpi/types';
import { addChargePoint, closeSimStations, connectedStation } from '../../test/charge-points';
import { withTestServer } from '../../test/hooks';
import { roamingDeps, withPeers } from '../../test/roaming';
import { addStation, insertTestTariff } from '../../test/station-builders';
import { invitePartner, type RoamingDeps } from './index';

// SPEC §1 roaming, our side as CPO (OCPI 2.2.1 §8.2.1, §11.2.1): a partner's eMSP pulls our
// public stations with a charge point and their tariffs. The partner operator of apps/ocpi-peer
// validates every object against the 2.2.1 schemas, so what it accepts is valid OCPI.

const server = withTestServer();
const newPeer = withPeers();
afterEach(async () => {
  await closeSimStations();
});

const deps = (): RoamingDeps => roamingDeps(server);

async function partnerOfOurs() {
  const peer = await newPeer({ partyId: 'NCP' });
  const { tokenA } = await invitePartner(deps(), 'NordCharge');
  await peer.register(`${server.baseUrl}/ocpi/versions`, tokenA);
  return peer;
}

describe('our stations for partners’ drivers', () => {
  it('offers public stations with a charge point, valid OCPI, page by page; not private or roaming ones', async () => {
    const tariffId = await insertTestTariff(
      server.db,
      { perKwhMinor: 1800, startFeeMinor: 6000, parkingPerMinuteMinor: 600 },
      [{ fromTime: '23:00', toTime: '07:00', perKwhMinor: 1200, perMinuteMinor: 0, parkingPerMinuteMinor: 0 }],
    );
    const ours = await addChargePoint(server, { tariffId, utcOffsetMinutes: 180 });
    const others = await Promise.all([1, 2, 3, 4, 5, 6].map(() => addChargePoint(server)));
    const privateOne = await addChargePoint(server, { isPrivate: true });
    const withoutChargePoint = await addStation(server, { lat: 10, lng: 10 });
    const peer = await partnerOfOurs();

    const pulled = await peer.pull('locations', { limit: 3 });
    expect(pulled.invalid).toEqual([]);
    expect(pulled.pages.length).toBeGreaterThan(2);
    expect(pulled.pages[0]).toMatchObject({ count: 3, limit: 3 });
    const ids = pulled.objects.map((location) => location.id);
    for (const station of [ours, ...others]) expect(ids).toContain(station.station.code);
    expect(ids).not.toContain(privateOne.station.code);
    expect(ids).not.toContain(withoutChargePoint.code);

    const location = pulled.objects.find((l) => l.id === ours.station.code) as OcpiLocation;
    expect(location).toMatchObject({
      country_code: 'RU',
      party_id: 'EVC',
      publish: true,
      time_zone: 'Etc/GMT-3',
      opening_times: { twentyfourseven: true },
    });
    expect(location.evses).toHaveLength(2);
    expect(location.evses![0]).toMatchObject({
      uid: ours.station.connectorIds[0],
      evse_id: `RU*EVC*E${ours.station.code.replace(/-/g, '')}*1`,
      status: 'AVAILABLE',
      connectors: [{ id: '1', tariff_ids: [tariffId] }],
    });

    const tariffs = await peer.pull('tariffs');
    expect(tariffs.invalid).toEqual([]);
    const tariff = tariffs.objects.find((t) => t.id === tariffId)!;
    // Prices without VAT (the brand's 20 %), the night zone first, the start fee once.
    expect(tariff).toMatchObject({
      currency: 'RUB',
      elements: [
        {
          price_components: [{ type: 'ENERGY', price: 10, vat: 20, step_size: 1 }],
          restrictions: { start_time: '23:00', end_time: '07:00' },
        },
        {
          price_components: [
            { type: 'ENERGY', price: 15, vat: 20, step_size: 1 },
            { type: 'PARKING_TIME', price: 300, vat: 20, step_size: 60 },
          ],
        },
        { price_components: [{ type: 'FLAT', price: 50, vat: 20, step_size: 1 }] },
      ],
    });
  });

  it('answers one location or part of it, and 2003 for one it does not know; only to a registered partner', async () => {
    const ours = await addChargePoint(server);
    const peer = await partnerOfOurs();
    const token = peer.partner()!.tokenToCallThem;
    const get = (path: string, as = token) =>
      server.fetch(`/ocpi/2.2.1/cpo/locations/${path}`, {
        headers: { authorization: authorizationHeader(as) },
      });
    const one = await get(ours.station.code);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { data: { id: string } }).data.id).toBe(ours.station.code);
    const connector = await get(`${ours.station.code}/${ours.station.connectorIds[1]}/1`);
    expect(((await connector.json()) as { data: { id: string } }).data.id).toBe('1');
    const unknown = await get('NOPE-1');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { status_code: number }).status_code).toBe(2003);
    expect((await get(ours.station.code, 'someone-else')).status).toBe(401);

    // Nothing changed since: a pull from now on is empty.
    const later = await peer.pull('locations', {
      date_from: new Date(Date.now() + 60_000).toISOString().slice(0, 19) + 'Z',
    });
    expect(later.objects).toEqual([]);
  });

  it('tells the partner when a connector of ours changes status: the whole Location first, then PATCHes', async () => {
    const peer = await partnerOfOurs();
    const { chargePoint, station: sim } = await connectedStation(server);
    await server.app.roamingStatus.settled();
    const key = `RU/EVC/${chargePoint.station.code}`;
    const evseOf = (uid: string) =>
      peer.store.partnerLocations.get(key)?.evses?.find((evse) => evse.uid === uid);
    const [first, second] = chargePoint.station.connectorIds as [string, string];

    await sim.call('StatusNotification', {
      connectorId: 1,
      errorCode: 'NoError',
      status: 'Charging',
      timestamp: new Date().toISOString(),
    });
    await server.app.roamingStatus.settled();
    expect(evseOf(first)?.status).toBe('CHARGING');
    expect(evseOf(second)?.status).toBe('AVAILABLE');

    await sim.call('StatusNotification', {
      connectorId: 2,
      errorCode: 'GroundFailure',
      status: 'Faulted',
      timestamp: new Date().toISOString(),
    });
    await server.app.roamingStatus.settled();
    expect(evseOf(second)?.status).toBe('OUTOFORDER');
    const patches = peer.requestLog.filter((r) => r.method === 'PATCH' && r.url.endsWith(`/${second}`));
    expect(patches.length).toBeGreaterThan(0);
  });
});
