import { afterEach, describe, expect, it } from 'vitest';
import type { AuthorizationInfo } from '@evcharge/api/ocpi/types';
import { ocpiRequest } from './test/counterpart';
import { startRig, type Rig } from './test/rig';

// A partner's driver at a NordCharge station: whitelist or real-time authorization
// (OCPI 2.2.1 §12.2.2.3), then a session with the matching auth_method (§9.4.1).

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

const card = {
  country_code: 'KZ',
  party_id: 'EVC',
  uid: 'EVC0001',
  type: 'RFID' as const,
  contract_id: 'KZ-EVC-C00000001',
  issuer: 'EV Charge',
  valid: true,
  whitelist: 'ALLOWED' as const,
  last_updated: '2026-03-01T08:00:00Z',
};
const answer = (allowed: AuthorizationInfo['allowed']): AuthorizationInfo => ({
  allowed,
  token: card,
  authorization_reference: 'EVC-AUTH-7',
});

async function registered() {
  rig = await startRig();
  const theirs = await rig.other.registerWith(
    rig.peer.versionsUrl,
    rig.peer.config.registrationToken,
  );
  return { rig, token: theirs.token };
}

describe('peer.presentToken', () => {
  it('asks the partner with the location and EVSE, and charges when ALLOWED (AUTH_REQUEST)', async () => {
    const { rig } = await registered();
    rig.other.authorize = () => answer('ALLOWED');
    const presented = await rig.peer.presentToken('EVC0001', 'NCH-TLL-001', 'NCH-TLL-001-1');
    expect(rig.other.received[0]).toMatchObject({
      method: 'POST',
      url: '/ocpi/emsp/2.2.1/tokens/EVC0001/authorize?type=RFID',
      body: { location_id: 'NCH-TLL-001', evse_uids: ['NCH-TLL-001-1'] },
    });
    expect(presented.allowed).toBe('ALLOWED');
    expect(presented.session).toMatchObject({
      auth_method: 'AUTH_REQUEST',
      authorization_reference: 'EVC-AUTH-7',
      cdr_token: { uid: 'EVC0001', party_id: 'EVC' },
      location_id: 'NCH-TLL-001',
      status: 'ACTIVE',
    });
    expect(rig.other.received.map((p) => p.method)).toEqual(['POST', 'PATCH', 'PUT']);
  });

  it.each(['BLOCKED', 'EXPIRED', 'NO_CREDIT', 'NOT_ALLOWED'] as const)(
    '%s: no session',
    async (allowed) => {
      const { rig } = await registered();
      rig.other.authorize = () => answer(allowed);
      expect(await rig.peer.presentToken('EVC0001', 'NCH-TLL-001', 'NCH-TLL-001-1')).toEqual({
        allowed,
      });
      expect(rig.peer.store.liveSessions.size).toBe(0);
    },
  );

  it('UNKNOWN when the partner answers 2004', async () => {
    const { rig } = await registered();
    expect(await rig.peer.presentToken('NOPE', 'NCH-TLL-001', 'NCH-TLL-001-1', 'APP_USER')).toEqual(
      { allowed: 'UNKNOWN' },
    );
    expect(rig.other.received[0]!.url).toBe('/ocpi/emsp/2.2.1/tokens/NOPE/authorize?type=APP_USER');
  });

  it('a card pushed with whitelist ALWAYS starts without asking (WHITELIST)', async () => {
    const { rig, token } = await registered();
    const put = await ocpiRequest(
      'PUT',
      `${rig.peer.url}/ocpi/cpo/2.2.1/tokens/KZ/EVC/EVC0001`,
      token,
      { ...card, whitelist: 'ALWAYS' },
    );
    expect(put.json.status_code).toBe(1000);
    const presented = await rig.peer.presentToken('EVC0001', 'NCH-TLL-002', 'NCH-TLL-002-1');
    expect(presented.session).toMatchObject({ auth_method: 'WHITELIST' });
    expect(rig.other.received.some((p) => p.url.includes('/authorize'))).toBe(false);
  });

  it('charges a DC session at most at the connector’s power and prices it under the DC tariff', async () => {
    const { rig } = await registered();
    rig.other.authorize = () => answer('ALLOWED');
    rig.peer.sessionSettings.powerKw = 400;
    const { session } = await rig.peer.presentToken('EVC0001', 'NCH-TLL-002', 'NCH-TLL-002-1');
    await rig.peer.advance(10 * 60_000);
    const record = await rig.peer.stopSession(session!.id);
    // 150 kW × 10 min = 25 kWh; ≥ 50 kW element: 25 × 0.59 + 1/6 h × 3.00 = 15.25 EUR.
    expect(record).toMatchObject({
      total_energy: 25,
      total_cost: { excl_vat: 15.25 },
      auth_method: 'AUTH_REQUEST',
    });
    expect(record.charging_periods[0]!.dimensions).toContainEqual({
      type: 'MAX_POWER',
      volume: 150,
    });
  });
});
