import { afterEach, describe, expect, it } from 'vitest';
import { authorizationHeader, location, tariff } from '@evcharge/api/ocpi/types';
import { fixtureLocations, fixtureTariffs } from './fixtures';
import { startRig, type Rig } from './test/rig';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

const party = { countryCode: 'FI', partyId: 'NCH' };
const pushesOf = (rig: Rig) => rig.other.pushes().map((p) => [p.method, p.url, p.body]);

describe('pushes to the partner’s RECEIVER endpoints (OCPI 2.2.1 §8.2.2, §11.2.2)', () => {
  it('PATCHes an EVSE’s new status with the partner’s token and the routing headers', async () => {
    rig = await startRig();
    const partner = await rig.peer.register(rig.other.versionsUrl, rig.other.tokenA);
    await rig.peer.setEvseStatus('NCH-HEL-001', 'NCH-HEL-001-2', 'CHARGING');
    expect(pushesOf(rig)).toEqual([
      [
        'PATCH',
        '/ocpi/emsp/2.2.1/locations/FI/NCH/NCH-HEL-001/NCH-HEL-001-2',
        { status: 'CHARGING', last_updated: '2026-03-02T10:00:00Z' },
      ],
    ]);
    const headers = rig.other.pushes()[0]!.headers;
    expect(headers.authorization).toBe(authorizationHeader(partner.tokenToCallThem));
    expect(headers).toMatchObject({
      'ocpi-from-country-code': 'FI',
      'ocpi-from-party-id': 'NCH',
      'ocpi-to-country-code': 'KZ',
      'ocpi-to-party-id': 'EVC',
    });
    expect(headers['x-request-id']).toBeTruthy();
    expect(headers['x-correlation-id']).toBeTruthy();
    expect(rig.peer.pushLog).toMatchObject([{ method: 'PATCH', status: 200, ocpiStatus: 1000 }]);
    expect(rig.peer.store.locations.get('NCH-HEL-001')!.evses![1]!.status).toBe('CHARGING');
  });

  it('PUTs a new location and a changed tariff whole, and DELETEs a removed tariff', async () => {
    rig = await startRig();
    await rig.other.registerWith(rig.peer.versionsUrl, rig.peer.config.registrationToken);
    const added = {
      ...fixtureLocations(party, 'NordCharge')[0]!,
      id: 'NCH-HEL-100',
      name: 'Lauttasaari',
    };
    await rig.peer.addLocation(added);
    const cheaper = {
      ...fixtureTariffs(party)[0]!,
      elements: [{ price_components: [{ type: 'ENERGY' as const, price: 0.25, step_size: 1 }] }],
      last_updated: '2026-03-02T10:00:00Z',
    };
    await rig.peer.updateTariff(cheaper);
    await rig.peer.removeTariff('NCH-AC-TOD');
    const pushes = rig.other.pushes();
    expect(pushes.map((p) => `${p.method} ${p.url}`)).toEqual([
      'PUT /ocpi/emsp/2.2.1/locations/FI/NCH/NCH-HEL-100',
      'PUT /ocpi/emsp/2.2.1/tariffs/FI/NCH/NCH-AC-STD',
      'DELETE /ocpi/emsp/2.2.1/tariffs/FI/NCH/NCH-AC-TOD',
    ]);
    expect(location.parse(pushes[0]!.body).name).toBe('Lauttasaari');
    expect(tariff.parse(pushes[1]!.body).elements[0]!.price_components[0]!.price).toBe(0.25);
  });

  it('pushes nothing before a partner is registered, and refuses an invalid object', async () => {
    rig = await startRig();
    await rig.peer.setEvseStatus('NCH-HEL-001', 'NCH-HEL-001-1', 'BLOCKED');
    expect(rig.peer.pushLog).toEqual([]);
    await expect(
      rig.peer.updateTariff({ ...fixtureTariffs(party)[0]!, currency: 'EURO' }),
    ).rejects.toThrow();
  });

  it('logs a push the partner refused with its HTTP status', async () => {
    rig = await startRig();
    await rig.peer.register(rig.other.versionsUrl, rig.other.tokenA);
    rig.other.accepted.clear();
    await rig.peer.setEvseStatus('NCH-HEL-001', 'NCH-HEL-001-1', 'BLOCKED');
    expect(rig.peer.pushLog).toMatchObject([{ method: 'PATCH', status: 401, ocpiStatus: 2000 }]);
  });
});

describe('push faults', () => {
  it('duplicatePushes sends each push twice', async () => {
    rig = await startRig();
    await rig.peer.register(rig.other.versionsUrl, rig.other.tokenA);
    rig.peer.faults.duplicatePushes = true;
    await rig.peer.setEvseStatus('NCH-HEL-001', 'NCH-HEL-001-1', 'CHARGING');
    expect(pushesOf(rig)).toHaveLength(2);
    expect(pushesOf(rig)[0]).toEqual(pushesOf(rig)[1]);
  });

  it('reorderPushes delivers the older last_updated after the newer one', async () => {
    rig = await startRig();
    await rig.peer.register(rig.other.versionsUrl, rig.other.tokenA);
    rig.peer.faults.reorderPushes = true;
    await rig.peer.setEvseStatus('NCH-HEL-001', 'NCH-HEL-001-1', 'CHARGING');
    expect(pushesOf(rig)).toEqual([]);
    rig.clock.advance(30_000);
    await rig.peer.setEvseStatus('NCH-HEL-001', 'NCH-HEL-001-1', 'AVAILABLE');
    expect(rig.other.pushes().map((p) => p.body)).toEqual([
      { status: 'AVAILABLE', last_updated: '2026-03-02T10:00:30Z' },
      { status: 'CHARGING', last_updated: '2026-03-02T10:00:00Z' },
    ]);
    // A push held with nothing after it goes out on flushPushes().
    await rig.peer.setEvseStatus('NCH-HEL-001', 'NCH-HEL-001-1', 'BLOCKED');
    expect(rig.other.pushes()).toHaveLength(2);
    await rig.peer.flushPushes();
    expect(rig.other.pushes()).toHaveLength(3);
  });
});

describe('pulling a partner’s list (§4.1.3)', () => {
  it('keeps the valid objects and reports the others with their place', async () => {
    rig = await startRig();
    await rig.peer.register(rig.other.versionsUrl, rig.other.tokenA);
    const good = {
      ...fixtureLocations({ countryCode: 'KZ', partyId: 'EVC' }, 'EV Charge')[0]!,
      id: 'ST-1',
    };
    rig.other.served = [
      good,
      { ...good, id: 'ST-2', country: 'KAZAKHSTAN' },
      { ...good, id: 'ST-3', evses: [{ uid: 'x' }] },
    ];
    const pulled = await rig.peer.pull('locations');
    expect(pulled.objects.map((l) => l.id)).toEqual(['ST-1']);
    expect(pulled.invalid).toEqual([
      { page: 0, index: 1, problem: expect.stringMatching(/^country:/) },
      { page: 0, index: 2, problem: expect.stringMatching(/^evses\.0\./) },
    ]);
    expect(pulled.pages).toEqual([
      { url: `${rig.other.url}/ocpi/cpo/2.2.1/locations`, count: 3, totalCount: 3, limit: 100 },
    ]);
  });
});
