import { afterEach, describe, expect, it } from 'vitest';
import {
  cdr as cdrSchema,
  commandResponse,
  session as sessionSchema,
} from '@evcharge/api/ocpi/types';
import { ocpiRequest } from './test/counterpart';
import { startRig, type Rig } from './test/rig';

// Commands RECEIVER (OCPI 2.2.1 §13.2.1) and the sessions and CDRs they lead to (§9, §10).
// NCH-HEL-002: EVSE -1 is OUTOFORDER, EVSE -2 AVAILABLE (AC 22 kW, tariff NCH-AC-PARK:
// 1.00 EUR start, 0.32 EUR/kWh, parking 2.40 EUR/h, VAT 25.5 %).

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

const driver = {
  country_code: 'KZ',
  party_id: 'EVC',
  uid: 'EVC0001',
  type: 'RFID',
  contract_id: 'KZ-EVC-C00000001',
  issuer: 'EV Charge',
  valid: true,
  whitelist: 'ALLOWED',
  last_updated: '2026-03-01T08:00:00Z',
};

async function registered() {
  rig = await startRig();
  const theirs = await rig.other.registerWith(
    rig.peer.versionsUrl,
    rig.peer.config.registrationToken,
  );
  const r = rig;
  const command = async (type: string, body: Record<string, unknown>) => {
    const answer = await ocpiRequest(
      'POST',
      `${r.peer.url}/ocpi/cpo/2.2.1/commands/${type}`,
      theirs.token,
      {
        response_url: `${r.other.url}/ocpi/emsp/2.2.1/commands/${type}/${r.other.received.length + 1}`,
        ...body,
      },
    );
    await r.peer.idle();
    return answer;
  };
  return { rig: r, token: theirs.token, command };
}

const start = { token: driver, location_id: 'NCH-HEL-002', evse_uid: 'NCH-HEL-002-2' };
const results = (rig: Rig) =>
  rig.other.received.filter((p) => p.url.includes('/commands/')).map((p) => p.body);
const urls = (rig: Rig) =>
  rig.other.received.map((p) => `${p.method} ${p.url.replace('/ocpi/emsp/2.2.1', '')}`);

describe('START_SESSION and STOP_SESSION', () => {
  it('answers ACCEPTED, posts the result, then the EVSE charges and the session is PUT', async () => {
    const { rig, command } = await registered();
    const answer = await command('START_SESSION', { ...start, authorization_reference: 'AUTH-1' });
    expect(commandResponse.parse(answer.json.data)).toEqual({ result: 'ACCEPTED', timeout: 30 });
    expect(urls(rig)).toEqual([
      'POST /commands/START_SESSION/1',
      'PATCH /locations/FI/NCH/NCH-HEL-002/NCH-HEL-002-2',
      'PUT /sessions/FI/NCH/NCH-S000001',
    ]);
    expect(results(rig)).toEqual([{ result: 'ACCEPTED' }]);
    const put = sessionSchema.parse(rig.other.received[2]!.body);
    expect(put).toMatchObject({
      id: 'NCH-S000001',
      status: 'ACTIVE',
      kwh: 0,
      auth_method: 'COMMAND',
      authorization_reference: 'AUTH-1',
      cdr_token: { uid: 'EVC0001', contract_id: 'KZ-EVC-C00000001' },
      connector_id: '1',
      currency: 'EUR',
      total_cost: { excl_vat: 1, incl_vat: 1.26 },
    });
  });

  it('PATCHes energy, a new charging period and the cost as the clock moves; STOP ends it with a CDR', async () => {
    const { rig, token, command } = await registered();
    await command('START_SESSION', start);
    const before = rig.other.received.length;
    await rig.peer.advance(30 * 60_000);
    const patch = rig.other.received[before]!;
    expect(`${patch.method} ${patch.url}`).toBe(
      'PATCH /ocpi/emsp/2.2.1/sessions/FI/NCH/NCH-S000001',
    );
    // 11 kW for half an hour: 5.5 kWh → 1.00 + 5.5 × 0.32 = 2.76 EUR.
    expect(patch.body).toEqual({
      kwh: 5.5,
      charging_periods: [
        {
          start_date_time: '2026-03-02T10:00:00Z',
          dimensions: [
            { type: 'ENERGY', volume: 5.5 },
            { type: 'TIME', volume: 0.5 },
            { type: 'MAX_POWER', volume: 11 },
          ],
          tariff_id: 'NCH-AC-PARK',
        },
      ],
      total_cost: { excl_vat: 2.76, incl_vat: 3.46 },
      last_updated: '2026-03-02T10:30:00Z',
    });

    await rig.peer.advance(30 * 60_000);
    const stopped = rig.other.received.length;
    const answer = await command('STOP_SESSION', { session_id: 'NCH-S000001' });
    expect(commandResponse.parse(answer.json.data).result).toBe('ACCEPTED');
    expect(urls(rig).slice(stopped)).toEqual([
      `POST /commands/STOP_SESSION/${stopped + 1}`,
      'PATCH /sessions/FI/NCH/NCH-S000001',
      'PATCH /locations/FI/NCH/NCH-HEL-002/NCH-HEL-002-2',
      'POST /cdrs',
    ]);
    expect(rig.other.received[stopped + 1]!.body).toMatchObject({
      status: 'COMPLETED',
      kwh: 11,
      end_date_time: '2026-03-02T11:00:00Z',
    });
    const record = cdrSchema.parse(rig.other.received.at(-1)!.body);
    expect(record).toMatchObject({
      id: 'NCH-S000001-CDR',
      session_id: 'NCH-S000001',
      total_energy: 11,
      total_time: 1,
      total_parking_time: 0,
      total_cost: { excl_vat: 4.52, incl_vat: 5.67 },
      total_fixed_cost: { excl_vat: 1, incl_vat: 1.26 },
      total_energy_cost: { excl_vat: 3.52, incl_vat: 4.42 },
      cdr_location: {
        id: 'NCH-HEL-002',
        evse_id: 'FI*NCH*E0022',
        connector_standard: 'IEC_62196_T2',
        country: 'FIN',
      },
      tariffs: [{ id: 'NCH-AC-PARK' }],
    });
    expect(record.charging_periods).toHaveLength(2);
    // The CPO's lists hold them too (§9.2.1, §10.2.1).
    const cdrs = await ocpiRequest('GET', `${rig.peer.url}/ocpi/cpo/2.2.1/cdrs`, token);
    expect((cdrs.json.data as Array<{ id: string }>).map((c) => c.id)).toEqual(['NCH-S000001-CDR']);
    const sessions = await ocpiRequest('GET', `${rig.peer.url}/ocpi/cpo/2.2.1/sessions`, token);
    expect(sessions.json.data).toMatchObject([{ id: 'NCH-S000001', status: 'COMPLETED' }]);
  });

  it('a full car stays plugged in: parking time is priced and reported', async () => {
    const { rig, command } = await registered();
    rig.peer.sessionSettings.stopsAtKwh = 5.5;
    await command('START_SESSION', start);
    await rig.peer.advance(60 * 60_000);
    expect(rig.peer.now()).toEqual(new Date('2026-03-02T11:00:00Z'));
    const record = await rig.peer.stopSession('NCH-S000001');
    // 30 min charging 5.5 kWh, then 30 min parked: 1.00 + 1.76 + 0.5 h × 2.40.
    expect(record).toMatchObject({
      total_energy: 5.5,
      total_time: 1,
      total_parking_time: 0.5,
      total_cost: { excl_vat: 3.96 },
    });
    expect(record.charging_periods.map((p) => [p.start_date_time, p.dimensions[0]!.type])).toEqual([
      ['2026-03-02T10:00:00Z', 'ENERGY'],
      ['2026-03-02T10:30:00Z', 'PARKING_TIME'],
    ]);
  });

  it('reports EVSE_INOPERATIVE and EVSE_OCCUPIED without starting, UNKNOWN_SESSION for a stop of nothing', async () => {
    const { rig, command } = await registered();
    await command('START_SESSION', { ...start, evse_uid: 'NCH-HEL-002-1' });
    await command('START_SESSION', start);
    await command('START_SESSION', start);
    expect(results(rig)).toEqual([
      { result: 'EVSE_INOPERATIVE' },
      { result: 'ACCEPTED' },
      { result: 'EVSE_OCCUPIED' },
    ]);
    expect(rig.peer.store.liveSessions.size).toBe(1);
    const unknown = await command('STOP_SESSION', { session_id: 'NOPE' });
    expect(commandResponse.parse(unknown.json.data).result).toBe('UNKNOWN_SESSION');
    expect(results(rig)).toHaveLength(3);
    const nowhere = await command('START_SESSION', {
      ...start,
      location_id: 'NOWHERE',
      evse_uid: undefined,
    });
    expect(commandResponse.parse(nowhere.json.data).result).toBe('REJECTED');
  });
});

describe('answers chosen by the test', () => {
  it.each([
    ['REJECTED', 'START_SESSION'],
    ['NOT_SUPPORTED', 'UNLOCK_CONNECTOR'],
  ] as const)('response %s for %s: no result, nothing changes', async (response, type) => {
    const { rig, command } = await registered();
    rig.peer.commands.response[type] = response;
    const body =
      type === 'START_SESSION'
        ? start
        : { location_id: 'NCH-HEL-002', evse_uid: 'NCH-HEL-002-2', connector_id: '1' };
    const answer = await command(type, body);
    expect(commandResponse.parse(answer.json.data).result).toBe(response);
    expect(rig.other.received).toEqual([]);
  });

  it.each(['REJECTED', 'FAILED', 'TIMEOUT', 'EVSE_OCCUPIED'] as const)(
    'result %s: posted, no session',
    async (result) => {
      const { rig, command } = await registered();
      rig.peer.commands.result.START_SESSION = result;
      await command('START_SESSION', start);
      expect(results(rig)).toEqual([{ result }]);
      expect(rig.peer.store.liveSessions.size).toBe(0);
    },
  );

  it('result NONE: the command is accepted and nothing follows, so the caller’s wait runs out', async () => {
    const { rig, command } = await registered();
    rig.peer.commands.result.START_SESSION = 'NONE';
    rig.peer.commands.timeoutSeconds = 5;
    const answer = await command('START_SESSION', start);
    expect(commandResponse.parse(answer.json.data)).toEqual({ result: 'ACCEPTED', timeout: 5 });
    expect(rig.other.received).toEqual([]);
  });
});

describe('RESERVE_NOW, CANCEL_RESERVATION, UNLOCK_CONNECTOR', () => {
  const reserve = {
    token: driver,
    expiry_date: '2026-03-02T10:15:00Z',
    reservation_id: 'R-1',
    location_id: 'NCH-HEL-002',
    evse_uid: 'NCH-HEL-002-2',
  };

  it('reserves the EVSE for its driver only; the reservation is used by the start', async () => {
    const { rig, command } = await registered();
    await command('RESERVE_NOW', reserve);
    expect(rig.peer.store.locations.get('NCH-HEL-002')!.evses![1]!.status).toBe('RESERVED');
    await command('START_SESSION', { ...start, token: { ...driver, uid: 'EVC0002' } });
    await command('START_SESSION', start);
    expect(results(rig)).toEqual([
      { result: 'ACCEPTED' },
      { result: 'EVSE_OCCUPIED' },
      { result: 'ACCEPTED' },
    ]);
    expect(rig.peer.store.reservations.size).toBe(0);
  });

  it('cancels a reservation, reports an unknown one, and ends one at its expiry', async () => {
    const { rig, command } = await registered();
    await command('RESERVE_NOW', reserve);
    await command('CANCEL_RESERVATION', { reservation_id: 'R-1' });
    await command('CANCEL_RESERVATION', { reservation_id: 'R-1' });
    expect(results(rig)).toEqual([
      { result: 'ACCEPTED' },
      { result: 'ACCEPTED' },
      { result: 'UNKNOWN_RESERVATION' },
    ]);
    expect(rig.peer.store.locations.get('NCH-HEL-002')!.evses![1]!.status).toBe('AVAILABLE');

    await command('RESERVE_NOW', { ...reserve, reservation_id: 'R-2' });
    await rig.peer.advance(14 * 60_000);
    expect(rig.peer.store.reservations.has('R-2')).toBe(true);
    await rig.peer.advance(60_000);
    expect(rig.peer.store.reservations.has('R-2')).toBe(false);
    expect(rig.other.received.at(-1)!.body).toEqual({
      status: 'AVAILABLE',
      last_updated: '2026-03-02T10:15:00Z',
    });
  });

  it('unlocks a known connector and rejects an unknown one', async () => {
    const { rig, command } = await registered();
    const ok = await command('UNLOCK_CONNECTOR', {
      location_id: 'NCH-HEL-001',
      evse_uid: 'NCH-HEL-001-4',
      connector_id: '2',
    });
    const unknown = await command('UNLOCK_CONNECTOR', {
      location_id: 'NCH-HEL-001',
      evse_uid: 'NCH-HEL-001-4',
      connector_id: '9',
    });
    expect([ok, unknown].map((a) => commandResponse.parse(a.json.data).result)).toEqual([
      'ACCEPTED',
      'REJECTED',
    ]);
    expect(results(rig)).toEqual([{ result: 'ACCEPTED' }]);
  });

  it('refuses an unknown command or an invalid body with 2001', async () => {
    const { command } = await registered();
    const unknown = await command('CHARGE_FASTER', start);
    expect([unknown.status, unknown.json.status_code]).toEqual([400, 2001]);
    const noToken = await command('START_SESSION', { location_id: 'NCH-HEL-002' });
    expect([noToken.status, noToken.json.status_code]).toEqual([400, 2001]);
    const noUrl = await ocpiRequest(
      'POST',
      `${rig!.peer.url}/ocpi/cpo/2.2.1/commands/STOP_SESSION`,
      rig!.other.tokenToCallPeer!,
      { session_id: 'X' },
    );
    expect(noUrl.json.status_code).toBe(2001);
  });
});

describe('faults on session pushes', () => {
  it('duplicates and reorders the session PATCHes', async () => {
    const { rig, command } = await registered();
    await command('START_SESSION', start);
    rig.peer.faults.duplicatePushes = true;
    const before = rig.other.received.length;
    await rig.peer.advance(60_000);
    expect(urls(rig).slice(before)).toEqual([
      'PATCH /sessions/FI/NCH/NCH-S000001',
      'PATCH /sessions/FI/NCH/NCH-S000001',
    ]);
    rig.peer.faults.duplicatePushes = false;
    rig.peer.faults.reorderPushes = true;
    await rig.peer.advance(60_000);
    await rig.peer.advance(60_000);
    const lastTwo = rig.other.received
      .slice(-2)
      .map((p) => (p.body as { last_updated: string }).last_updated);
    expect(lastTwo).toEqual(['2026-03-02T10:03:00Z', '2026-03-02T10:02:00Z']);
  });
});
