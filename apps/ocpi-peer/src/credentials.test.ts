import { afterEach, describe, expect, it } from 'vitest';
import { credentials, versionDetails } from '@evcharge/api/ocpi/types';
import { ocpiRequest } from './test/counterpart';
import { startRig, type Rig } from './test/rig';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

const credentialsUrlOf = (rig: Rig) => `${rig.peer.url}/ocpi/2.2.1/credentials`;

describe('a partner registers with the peer (OCPI 2.2.1 §7.2.1, the peer as Receiver)', () => {
  it('lists its modules for token A, fetches the partner’s versions with token B and answers with token C', async () => {
    rig = await startRig();
    const tokenA = rig.peer.config.registrationToken;
    const details = await ocpiRequest('GET', `${rig.peer.url}/ocpi/2.2.1`, tokenA);
    const endpoints = versionDetails.parse(details.json.data).endpoints;
    expect(endpoints.map((e) => `${e.identifier}:${e.role}`)).toEqual(
      expect.arrayContaining([
        'locations:SENDER',
        'tariffs:SENDER',
        'commands:RECEIVER',
        'tokens:RECEIVER',
        'locations:RECEIVER',
        'tokens:SENDER',
        'commands:SENDER',
      ]),
    );

    const theirs = await rig.other.registerWith(rig.peer.versionsUrl, tokenA);
    expect(theirs.roles.map((r) => `${r.role} ${r.country_code}*${r.party_id}`)).toEqual([
      'CPO FI*NCH',
      'EMSP FI*NCH',
    ]);
    expect(theirs.token).not.toBe(tokenA);
    // The peer used token B (the one the counterpart POSTed) to read its versions.
    expect(rig.other.versionCalls).toEqual([...rig.other.accepted].flatMap((t) => [t, t]));
    expect(rig.peer.partner()).toMatchObject({
      registeredBy: 'partner',
      tokenTheyUse: theirs.token,
      roles: [{ party_id: 'EVC' }, { party_id: 'EVC' }],
    });

    // Token A is spent; token C works; a second POST is 405.
    expect((await ocpiRequest('GET', rig.peer.versionsUrl, tokenA)).status).toBe(401);
    const mine = await ocpiRequest('GET', credentialsUrlOf(rig), theirs.token);
    expect(credentials.parse(mine.json.data).token).toBe(theirs.token);
    const again = await ocpiRequest('POST', credentialsUrlOf(rig), theirs.token, {
      token: 'x',
      url: rig.other.versionsUrl,
      roles: theirs.roles,
    });
    expect(again.status).toBe(405);
  });

  it('PUT rotates token C and fetches the endpoints again; DELETE ends every token', async () => {
    rig = await startRig();
    const first = await rig.other.registerWith(
      rig.peer.versionsUrl,
      rig.peer.config.registrationToken,
    );
    const callsBefore = rig.other.versionCalls.length;
    const second = await rig.other.updateAt();
    expect(second.token).not.toBe(first.token);
    expect(rig.other.versionCalls.length).toBe(callsBefore + 2);
    expect(
      (await ocpiRequest('GET', `${rig.peer.url}/ocpi/cpo/2.2.1/tariffs`, first.token)).status,
    ).toBe(401);
    expect(
      (await ocpiRequest('GET', `${rig.peer.url}/ocpi/cpo/2.2.1/tariffs`, second.token)).status,
    ).toBe(200);

    expect((await ocpiRequest('DELETE', credentialsUrlOf(rig), second.token)).status).toBe(200);
    expect(rig.peer.partner()).toBeUndefined();
    expect(
      (await ocpiRequest('GET', `${rig.peer.url}/ocpi/cpo/2.2.1/tariffs`, second.token)).status,
    ).toBe(401);
  });

  it('refuses PUT and DELETE before registration with 405, and unknown or missing tokens with 401', async () => {
    rig = await startRig();
    const tokenA = rig.peer.config.registrationToken;
    const body = {
      token: 'b',
      url: rig.other.versionsUrl,
      roles: [
        { role: 'EMSP', business_details: { name: 'X' }, party_id: 'EVC', country_code: 'KZ' },
      ],
    };
    expect((await ocpiRequest('PUT', credentialsUrlOf(rig), tokenA, body)).status).toBe(405);
    expect((await ocpiRequest('DELETE', credentialsUrlOf(rig), tokenA)).status).toBe(405);
    expect((await ocpiRequest('GET', rig.peer.versionsUrl, 'nobody')).status).toBe(401);
    expect((await ocpiRequest('GET', rig.peer.versionsUrl, undefined)).status).toBe(401);
    // §4.1.1: token A is for versions and credentials only.
    expect(
      (await ocpiRequest('GET', `${rig.peer.url}/ocpi/cpo/2.2.1/locations`, tokenA)).status,
    ).toBe(401);
  });

  it('answers 3001 when the partner’s versions cannot be read, and stays open for registration', async () => {
    rig = await startRig();
    const tokenA = rig.peer.config.registrationToken;
    const body = {
      token: 'not-accepted-there',
      url: rig.other.versionsUrl,
      roles: [
        { role: 'EMSP', business_details: { name: 'X' }, party_id: 'EVC', country_code: 'KZ' },
      ],
    };
    const answer = await ocpiRequest('POST', credentialsUrlOf(rig), tokenA, body);
    expect(answer.json.status_code).toBe(3001);
    expect(rig.peer.partner()).toBeUndefined();
    expect((await ocpiRequest('GET', rig.peer.versionsUrl, tokenA)).status).toBe(200);
  });
});

describe('the peer registers with a partner (§7.2.1, the peer as Sender)', () => {
  it('POSTs its token B with the partner’s token A, keeps token C and the partner’s endpoints', async () => {
    rig = await startRig();
    const partner = await rig.peer.register(rig.other.versionsUrl, rig.other.tokenA);
    expect(partner.registeredBy).toBe('peer');
    expect(partner.tokenToCallThem).toMatch(/^evc-token-c-/);
    expect(
      partner.endpoints.some((e) => e.identifier === 'locations' && e.role === 'RECEIVER'),
    ).toBe(true);
    // The partner read the peer's versions with token B before answering, and calls with it now.
    expect(rig.other.tokenToCallPeer).toBe(partner.tokenTheyUse);
    expect(
      (await ocpiRequest('GET', `${rig.peer.url}/ocpi/cpo/2.2.1/tariffs`, partner.tokenTheyUse))
        .status,
    ).toBe(200);
    // The partner's token A is spent on its side; the peer cannot register twice.
    expect(rig.other.accepted.has(rig.other.tokenA)).toBe(false);
    await expect(rig.peer.register(rig.other.versionsUrl, rig.other.tokenA)).rejects.toThrow(
      /already registered/,
    );
  });

  it('updates its credentials (both tokens rotate) and unregisters', async () => {
    rig = await startRig();
    const first = await rig.peer.register(rig.other.versionsUrl, rig.other.tokenA);
    const second = await rig.peer.updateCredentials();
    expect(second.tokenToCallThem).not.toBe(first.tokenToCallThem);
    expect(second.tokenTheyUse).not.toBe(first.tokenTheyUse);
    expect((await ocpiRequest('GET', rig.peer.versionsUrl, first.tokenTheyUse)).status).toBe(401);
    await rig.peer.unregister();
    expect(rig.peer.partner()).toBeUndefined();
    expect(rig.other.accepted.size).toBe(0);
  });

  it('fails when the partner refuses token A', async () => {
    rig = await startRig();
    await expect(rig.peer.register(rig.other.versionsUrl, 'wrong')).rejects.toThrow(/HTTP 401/);
    expect(rig.peer.partner()).toBeUndefined();
  });
});
