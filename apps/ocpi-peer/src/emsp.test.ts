import { afterEach, describe, expect, it } from 'vitest';
import { authorizationInfo, token as tokenSchema } from '@evcharge/api/ocpi/types';
import { ocpiRequest } from './test/counterpart';
import { startRig, type Rig } from './test/rig';

// The peer as eMSP: what a CPO (our server) pushes about NordCharge drivers at its stations.

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

async function registered() {
  rig = await startRig();
  const theirs = await rig.other.registerWith(
    rig.peer.versionsUrl,
    rig.peer.config.registrationToken,
  );
  return { rig, token: theirs.token, emsp: `${rig.peer.url}/ocpi/emsp/2.2.1` };
}

const connector = {
  id: '1',
  standard: 'IEC_62196_T2',
  format: 'SOCKET',
  power_type: 'AC_3_PHASE',
  max_voltage: 400,
  max_amperage: 32,
  last_updated: '2026-03-01T08:00:00Z',
};
const evse = {
  uid: 'CP-0001-1',
  status: 'AVAILABLE',
  connectors: [connector],
  last_updated: '2026-03-01T08:00:00Z',
};
const station = {
  country_code: 'KZ',
  party_id: 'EVC',
  id: 'ST-1',
  publish: true,
  address: 'Dostyk 5',
  city: 'Almaty',
  country: 'KAZ',
  coordinates: { latitude: '43.238900', longitude: '76.889700' },
  time_zone: 'Asia/Almaty',
  evses: [evse],
  last_updated: '2026-03-01T08:00:00Z',
};
const session = {
  country_code: 'KZ',
  party_id: 'EVC',
  id: 'S-1',
  start_date_time: '2026-03-02T09:00:00Z',
  kwh: 0,
  cdr_token: {
    country_code: 'FI',
    party_id: 'NCH',
    uid: 'NCH00001',
    type: 'RFID',
    contract_id: 'FI-NCH-C00000001',
  },
  auth_method: 'AUTH_REQUEST',
  location_id: 'ST-1',
  evse_uid: 'CP-0001-1',
  connector_id: '1',
  currency: 'KZT',
  status: 'ACTIVE',
  last_updated: '2026-03-02T09:00:00Z',
};

describe('Locations RECEIVER (OCPI 2.2.1 §8.2.2)', () => {
  it('keeps a PUT location, applies PATCHes to an EVSE and a connector, answers GET at each level', async () => {
    const { token, emsp } = await registered();
    const url = `${emsp}/locations/KZ/EVC/ST-1`;
    expect((await ocpiRequest('PUT', url, token, station)).json.status_code).toBe(1000);
    const patch = { status: 'CHARGING', last_updated: '2026-03-02T09:00:00Z' };
    expect((await ocpiRequest('PATCH', `${url}/CP-0001-1`, token, patch)).json.status_code).toBe(
      1000,
    );
    const connectorPatch = { max_electric_power: 22_000, last_updated: '2026-03-02T09:05:00Z' };
    expect((await ocpiRequest('PATCH', `${url}/CP-0001-1/1`, token, connectorPatch)).status).toBe(
      200,
    );
    const kept = await ocpiRequest('GET', url, token);
    expect(kept.json.data).toMatchObject({
      last_updated: '2026-03-02T09:05:00Z',
      evses: [{ status: 'CHARGING', connectors: [{ max_electric_power: 22_000 }] }],
    });
    expect((await ocpiRequest('GET', `${url}/CP-0001-1/1`, token)).json.data).toMatchObject({
      id: '1',
    });
    const unknown = await ocpiRequest('PATCH', `${emsp}/locations/KZ/EVC/ST-9/CP-1`, token, patch);
    expect([unknown.status, unknown.json.status_code]).toEqual([404, 2003]);
    const badStatus = await ocpiRequest('PATCH', `${url}/CP-0001-1`, token, {
      status: 'BUSY',
      last_updated: '2026-03-02T09:00:00Z',
    });
    expect([badStatus.status, badStatus.json.status_code]).toEqual([400, 2001]);
    const otherId = await ocpiRequest('PUT', `${emsp}/locations/KZ/EVC/ST-2`, token, station);
    expect([otherId.status, otherId.json.status_code]).toEqual([400, 2001]);
  });
});

describe('Sessions and CDRs RECEIVER (§9.2.2, §10.2.2)', () => {
  it('keeps a session, applies a PATCH, and stores a CDR answering its URL', async () => {
    const { token, emsp } = await registered();
    const url = `${emsp}/sessions/KZ/EVC/S-1`;
    expect((await ocpiRequest('PUT', url, token, session)).json.status_code).toBe(1000);
    const period = (at: string, kwh: number) => ({
      start_date_time: at,
      dimensions: [{ type: 'ENERGY', volume: kwh }],
    });
    await ocpiRequest('PATCH', url, token, {
      kwh: 3.5,
      charging_periods: [period('2026-03-02T09:00:00Z', 3.5)],
      last_updated: '2026-03-02T09:10:00Z',
    });
    await ocpiRequest('PATCH', url, token, {
      kwh: 5,
      charging_periods: [period('2026-03-02T09:10:00Z', 1.5)],
      last_updated: '2026-03-02T09:15:00Z',
    });
    // §9.2.2.3: the periods of each PATCH are added to the ones before.
    const kept = (await ocpiRequest('GET', url, token)).json.data as {
      kwh: number;
      status: string;
      charging_periods: unknown[];
    };
    expect(kept).toMatchObject({ kwh: 5, status: 'ACTIVE' });
    expect(kept.charging_periods).toHaveLength(2);

    const cdr = {
      country_code: 'KZ',
      party_id: 'EVC',
      id: 'CDR-1',
      start_date_time: '2026-03-02T09:00:00Z',
      end_date_time: '2026-03-02T10:00:00Z',
      session_id: 'S-1',
      cdr_token: session.cdr_token,
      auth_method: 'AUTH_REQUEST',
      cdr_location: {
        id: 'ST-1',
        address: 'Dostyk 5',
        city: 'Almaty',
        country: 'KAZ',
        coordinates: station.coordinates,
        evse_uid: 'CP-0001-1',
        evse_id: 'KZ*EVC*E0001',
        connector_id: '1',
        connector_standard: 'IEC_62196_T2',
        connector_format: 'SOCKET',
        connector_power_type: 'AC_3_PHASE',
      },
      currency: 'KZT',
      charging_periods: [
        { start_date_time: '2026-03-02T09:00:00Z', dimensions: [{ type: 'ENERGY', volume: 10 }] },
      ],
      total_cost: { excl_vat: 900, incl_vat: 1008 },
      total_energy: 10,
      total_time: 1,
      last_updated: '2026-03-02T10:00:00Z',
    };
    const posted = await ocpiRequest('POST', `${emsp}/cdrs`, token, cdr);
    expect(posted.json.status_code).toBe(1000);
    const where = posted.headers.get('location')!;
    expect((await ocpiRequest('GET', where, token)).json.data).toMatchObject({
      id: 'CDR-1',
      total_energy: 10,
    });
    const invalid = await ocpiRequest('POST', `${emsp}/cdrs`, token, {
      ...cdr,
      charging_periods: [],
    });
    expect([invalid.status, invalid.json.status_code]).toEqual([400, 2001]);
  });
});

describe('Tokens SENDER (§12.2.2)', () => {
  it('lists NordCharge drivers’ tokens and authorizes them in real time', async () => {
    const { rig, token, emsp } = await registered();
    const list = await ocpiRequest('GET', `${emsp}/tokens`, token);
    expect((list.json.data as unknown[]).map((t) => tokenSchema.parse(t).uid)).toEqual([
      'NCH00001',
      'NCH00002',
      'NCH00003',
      'NCH00004',
    ]);
    const allowed = await ocpiRequest(
      'POST',
      `${emsp}/tokens/NCH00001/authorize?type=RFID`,
      token,
      { location_id: 'ST-1', evse_uids: ['CP-0001-1'] },
    );
    expect(authorizationInfo.parse(allowed.json.data)).toMatchObject({
      allowed: 'ALLOWED',
      location: { location_id: 'ST-1' },
    });
    expect(authorizationInfo.parse(allowed.json.data).authorization_reference).toBeTruthy();
    const blocked = await ocpiRequest('POST', `${emsp}/tokens/NCH00003/authorize`, token);
    expect(authorizationInfo.parse(blocked.json.data).allowed).toBe('BLOCKED');
    const unknown = await ocpiRequest('POST', `${emsp}/tokens/NOPE/authorize`, token);
    expect([unknown.status, unknown.json.status_code]).toEqual([404, 2004]);
    expect(rig.peer.store.authorizations).toHaveLength(2);
  });
});
