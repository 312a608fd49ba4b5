import { afterEach, describe, expect, it } from 'vitest';
import { startPeer, type Peer } from './peer';

// Two partner operators roaming with each other: "Aurora" (FI*NCA) as eMSP for its drivers
// at NordCharge's stations (FI*NCH as CPO). Each side is the peer, so every message both ways
// is checked against OCPI 2.2.1 by the other.

let peers: Peer[] = [];
afterEach(async () => {
  await Promise.all(peers.map((p) => p.close()));
  peers = [];
});

const start = new Date('2026-03-02T10:00:00Z');

async function pair() {
  // Both run on the same start; each moves its clock by advance().
  const clock = () => start;
  const cpo = await startPeer({ clock });
  const emsp = await startPeer({
    clock,
    partyId: 'NCA',
    name: 'Aurora',
    registrationToken: 'aurora-token-a',
  });
  peers = [cpo, emsp];
  await emsp.register(cpo.versionsUrl, cpo.config.registrationToken);
  const advance = async (ms: number) => {
    await emsp.advance(ms);
    await cpo.advance(ms);
  };
  return { cpo, emsp, advance };
}

const auroraCard = {
  country_code: 'FI',
  party_id: 'NCA',
  uid: 'NCA00042',
  type: 'RFID' as const,
  contract_id: 'FI-NCA-C00000042',
  issuer: 'Aurora',
  valid: true,
  whitelist: 'ALLOWED' as const,
  last_updated: '2026-03-01T08:00:00Z',
};

describe('two peers roaming', () => {
  it('the eMSP starts a session by command, sees it grow, stops it and receives the CDR', async () => {
    const { cpo, emsp, advance } = await pair();
    const sent = await emsp.sendCommand('START_SESSION', {
      token: auroraCard,
      location_id: 'NCH-HEL-007',
      evse_uid: 'NCH-HEL-007-1',
    });
    expect(sent.response).toEqual({ result: 'ACCEPTED', timeout: 30 });
    await cpo.idle();
    expect(emsp.commandResult(sent.id)).toEqual({ result: 'ACCEPTED' });
    expect(emsp.store.partnerLocations.size).toBe(0);
    const [sessionKey] = [...emsp.store.partnerSessions.keys()];
    expect(sessionKey).toBe('FI/NCH/NCH-S000001');

    await advance(20 * 60_000);
    expect(emsp.store.partnerSessions.get(sessionKey!)).toMatchObject({
      kwh: 16.6667,
      status: 'ACTIVE',
    });

    const stop = await emsp.sendCommand('STOP_SESSION', { session_id: 'NCH-S000001' });
    await cpo.idle();
    expect(emsp.commandResult(stop.id)).toEqual({ result: 'ACCEPTED' });
    expect(emsp.store.partnerSessions.get(sessionKey!)).toMatchObject({
      status: 'COMPLETED',
      charging_periods: [{ tariff_id: 'NCH-DC-FAST' }],
    });
    expect(emsp.store.partnerCdrs.get('FI/NCH/NCH-S000001-CDR')).toMatchObject({
      total_energy: 16.6667,
      cdr_token: { uid: 'NCA00042' },
    });
    // The eMSP never got NCH-HEL-007, so the EVSE PATCHes are refused (2003); the rest arrived.
    expect(
      cpo.pushLog.map(
        (p) => `${p.method} ${new URL(p.url).pathname.split('/')[4]} ${p.status} ${p.ocpiStatus}`,
      ),
    ).toEqual([
      'POST commands 200 1000',
      'PATCH locations 404 2003',
      'PUT sessions 200 1000',
      'PATCH sessions 200 1000',
      'POST commands 200 1000',
      'PATCH sessions 200 1000',
      'PATCH locations 404 2003',
      'POST cdrs 200 1000',
    ]);
  });

  it('the eMSP pushes a card; the CPO authorizes it in real time at the eMSP when the driver holds it up', async () => {
    const { cpo, emsp } = await pair();
    await emsp.updateToken(auroraCard);
    expect(cpo.store.partnerTokens.get('FI/NCA/NCA00042')).toMatchObject({
      contract_id: 'FI-NCA-C00000042',
    });
    const presented = await cpo.presentToken('NCA00042', 'NCH-TLL-004', 'NCH-TLL-004-1');
    expect(presented).toMatchObject({
      allowed: 'ALLOWED',
      session: { auth_method: 'AUTH_REQUEST' },
    });
    expect(emsp.store.authorizations).toMatchObject([
      { allowed: 'ALLOWED', location: { location_id: 'NCH-TLL-004' } },
    ]);
    await emsp.updateToken({ ...auroraCard, uid: 'NCA00043', valid: false });
    expect((await cpo.presentToken('NCA00043', 'NCH-TLL-001', 'NCH-TLL-001-1')).allowed).toBe(
      'BLOCKED',
    );
  });

  it('status changes of the CPO reach the eMSP once it holds the location', async () => {
    const { cpo, emsp } = await pair();
    const location = cpo.store.locations.get('NCH-HEL-005')!;
    await cpo.addLocation(location);
    await cpo.setEvseStatus('NCH-HEL-005', 'NCH-HEL-005-1', 'BLOCKED');
    expect(emsp.store.partnerLocations.get('FI/NCH/NCH-HEL-005')!.evses![0]!.status).toBe(
      'BLOCKED',
    );
    // §4.1.4 / §4.2: the routing headers and the message ids came along.
    expect(emsp.requestLog.at(-1)).toMatchObject({
      method: 'PATCH',
      url: '/ocpi/emsp/2.2.1/locations/FI/NCH/NCH-HEL-005/NCH-HEL-005-1',
      status: 200,
      fromCountryCode: 'FI',
      fromPartyId: 'NCH',
      toCountryCode: 'FI',
      toPartyId: 'NCA',
      contentType: 'application/json',
    });
    expect(emsp.requestLog.at(-1)!.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the eMSP pulls the CPO’s lists page by page and finds every object valid', async () => {
    const { cpo, emsp } = await pair();
    const locations = await emsp.pull('locations');
    expect(locations.objects).toHaveLength(12);
    expect(locations.invalid).toEqual([]);
    expect(locations.pages.map((p) => [p.count, p.totalCount, p.limit])).toEqual([
      [10, 12, 10],
      [2, 12, 10],
    ]);
    const tariffs = await emsp.pull('tariffs', { limit: 3 });
    expect(tariffs.pages.map((p) => p.count)).toEqual([3, 1]);
    // And the other way round: the CPO pulls the eMSP's drivers' tokens.
    const tokens = await cpo.pull('tokens');
    expect(tokens.objects.map((t) => `${t.party_id} ${t.uid}`)).toEqual([
      'NCA NCA00001',
      'NCA NCA00002',
      'NCA NCA00003',
      'NCA NCA00004',
    ]);
  });

  it('a push the partner never answers is logged with status 0 after the time-out', async () => {
    const cpo = await startPeer({ clock: () => start, requestTimeoutMs: 200 });
    const emsp = await startPeer({
      clock: () => start,
      partyId: 'NCA',
      registrationToken: 'aurora-token-a',
    });
    peers = [cpo, emsp];
    await emsp.register(cpo.versionsUrl, cpo.config.registrationToken);
    await cpo.addLocation(cpo.store.locations.get('NCH-HEL-001')!);
    emsp.faults.hangNext(1);
    await cpo.setEvseStatus('NCH-HEL-001', 'NCH-HEL-001-1', 'OUTOFORDER');
    await cpo.setEvseStatus('NCH-HEL-001', 'NCH-HEL-001-1', 'AVAILABLE');
    expect(cpo.pushLog.map((p) => [p.method, p.status])).toEqual([
      ['PUT', 200],
      ['PATCH', 0],
      ['PATCH', 200],
    ]);
  });
});
