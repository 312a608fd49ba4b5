import { afterEach, describe, expect, it } from 'vitest';
import { ocpiRequest } from './test/counterpart';
import { startRig, type Rig } from './test/rig';

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
  return { rig, token: theirs.token };
}

const driverToken = {
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

describe('every answer in the OCPI envelope (OCPI 2.2.1 §4.1.7, §4.2)', () => {
  it('carries a timestamp and echoes X-Request-ID and X-Correlation-ID', async () => {
    rig = await startRig();
    const answer = await ocpiRequest(
      'GET',
      rig.peer.versionsUrl,
      rig.peer.config.registrationToken,
      undefined,
      {
        'X-Request-ID': 'req-1',
        'X-Correlation-ID': 'corr-1',
      },
    );
    expect(answer.json).toMatchObject({ status_code: 1000, timestamp: '2026-03-02T10:00:00Z' });
    expect([answer.headers.get('x-request-id'), answer.headers.get('x-correlation-id')]).toEqual([
      'req-1',
      'corr-1',
    ]);
    const refused = await ocpiRequest('GET', rig.peer.versionsUrl, 'nobody', undefined, {
      'X-Request-ID': 'req-2',
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('x-request-id')).toBe('req-2');
    // The request log keeps what came in, for the caller's tests.
    expect(rig.peer.requestLog.slice(0, 2)).toMatchObject([
      {
        method: 'GET',
        url: '/ocpi/versions',
        status: 200,
        requestId: 'req-1',
        correlationId: 'corr-1',
      },
      { method: 'GET', url: '/ocpi/versions', status: 401, requestId: 'req-2' },
    ]);
    const nowhere = await ocpiRequest('GET', `${rig.peer.url}/ocpi/nowhere`, undefined);
    expect([nowhere.status, nowhere.json.status_code]).toEqual([404, 2000]);
  });
});

describe('invalid input is refused with 2001 and HTTP 400', () => {
  it.each([
    ['a token without contract_id', { ...driverToken, contract_id: undefined }],
    ['a token of an unknown type', { ...driverToken, type: 'BADGE' }],
    ['a token with a bad last_updated', { ...driverToken, last_updated: 'yesterday' }],
    ['no body', undefined],
  ])('PUT of %s', async (_name, body) => {
    const { rig, token } = await registered();
    const answer = await ocpiRequest(
      'PUT',
      `${rig.peer.url}/ocpi/cpo/2.2.1/tokens/KZ/EVC/EVC0001`,
      token,
      body ?? '',
    );
    expect([answer.status, answer.json.status_code]).toEqual([400, 2001]);
    expect(rig.peer.store.partnerTokens.size).toBe(0);
  });

  it('a body that is not JSON, a token whose ids differ from the URL, a bad paging query', async () => {
    const { rig, token } = await registered();
    const tokens = `${rig.peer.url}/ocpi/cpo/2.2.1/tokens/KZ/EVC/EVC0001`;
    const notJson = await ocpiRequest('PUT', tokens, token, '{"uid":');
    expect([notJson.status, notJson.json.status_code]).toEqual([400, 2001]);
    const otherUid = await ocpiRequest('PUT', tokens, token, { ...driverToken, uid: 'EVC0002' });
    expect([otherUid.status, otherUid.json.status_code]).toEqual([400, 2001]);
    for (const query of ['limit=0', 'offset=-1', 'date_from=last-week', 'limit=ten']) {
      const answer = await ocpiRequest(
        'GET',
        `${rig.peer.url}/ocpi/cpo/2.2.1/locations?${query}`,
        token,
      );
      expect([query, answer.status, answer.json.status_code]).toEqual([query, 400, 2001]);
    }
  });

  it('credentials without roles, and a request routed to another party', async () => {
    rig = await startRig();
    const tokenA = rig.peer.config.registrationToken;
    const answer = await ocpiRequest('POST', `${rig.peer.url}/ocpi/2.2.1/credentials`, tokenA, {
      token: 'b',
      url: rig.other.versionsUrl,
      roles: [],
    });
    expect([answer.status, answer.json.status_code]).toEqual([400, 2001]);
    const theirs = await rig.other.registerWith(rig.peer.versionsUrl, tokenA);
    const misrouted = await ocpiRequest(
      'GET',
      `${rig.peer.url}/ocpi/cpo/2.2.1/tariffs`,
      theirs.token,
      undefined,
      {
        'OCPI-to-country-code': 'DE',
        'OCPI-to-party-id': 'ABC',
      },
    );
    expect([misrouted.status, misrouted.json.status_code]).toEqual([400, 2001]);
  });
});

describe('Tokens RECEIVER (§12.2.1)', () => {
  it('stores a PUT token, applies a PATCH and answers GET', async () => {
    const { rig, token } = await registered();
    const url = `${rig.peer.url}/ocpi/cpo/2.2.1/tokens/KZ/EVC/EVC0001`;
    expect((await ocpiRequest('PUT', url, token, driverToken)).json.status_code).toBe(1000);
    expect(
      (
        await ocpiRequest('PATCH', url, token, {
          valid: false,
          last_updated: '2026-03-02T09:00:00Z',
        })
      ).json.status_code,
    ).toBe(1000);
    const stored = await ocpiRequest('GET', `${url}?type=RFID`, token);
    expect(stored.json.data).toMatchObject({
      uid: 'EVC0001',
      valid: false,
      last_updated: '2026-03-02T09:00:00Z',
    });
    const otherType = await ocpiRequest('GET', `${url}?type=APP_USER`, token);
    expect([otherType.status, otherType.json.status_code]).toEqual([404, 2004]);
  });
});
