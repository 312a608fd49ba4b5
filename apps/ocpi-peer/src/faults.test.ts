import { afterEach, describe, expect, it } from 'vitest';
import { authorizationHeader } from '@evcharge/api/ocpi/types';
import { ocpiRequest } from './test/counterpart';
import { startRig, type Rig } from './test/rig';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.stop();
  rig = undefined;
});

describe('faults on the peer’s answers', () => {
  it('delayMs holds every answer', async () => {
    rig = await startRig();
    rig.peer.faults.delayMs = 150;
    const started = performance.now();
    const answer = await ocpiRequest(
      'GET',
      rig.peer.versionsUrl,
      rig.peer.config.registrationToken,
    );
    expect(answer.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('failNext answers the next n requests with the given 5xx in the envelope, then recovers', async () => {
    rig = await startRig();
    rig.peer.faults.failNext(2, 503);
    const token = rig.peer.config.registrationToken;
    const answers = [];
    for (let i = 0; i < 3; i += 1)
      answers.push(await ocpiRequest('GET', rig.peer.versionsUrl, token));
    expect(answers.map((a) => [a.status, a.json.status_code])).toEqual([
      [503, 3000],
      [503, 3000],
      [200, 1000],
    ]);
  });

  it('failNext defaults to 500, and a registration through failures succeeds once they pass', async () => {
    rig = await startRig();
    rig.peer.faults.failNext(1);
    await expect(
      rig.other.registerWith(rig.peer.versionsUrl, rig.peer.config.registrationToken),
    ).rejects.toThrow();
    const theirs = await rig.other.registerWith(
      rig.peer.versionsUrl,
      rig.peer.config.registrationToken,
    );
    expect(rig.peer.partner()?.tokenTheyUse).toBe(theirs.token);
  });

  it('garbleNext answers 200 with a body that is not an OCPI envelope', async () => {
    rig = await startRig({ requestTimeoutMs: 1000 });
    const other = await startRig();
    try {
      other.peer.faults.garbleNext(1);
      await expect(
        rig.peer.register(other.peer.versionsUrl, other.peer.config.registrationToken),
      ).rejects.toThrow(/HTTP 200, not JSON/);
      await rig.peer.register(other.peer.versionsUrl, other.peer.config.registrationToken);
    } finally {
      await other.stop();
    }
  });

  it('failNext with retryAfter answers a 429 carrying the Retry-After header', async () => {
    rig = await startRig();
    rig.peer.faults.failNext(1, 429, { retryAfter: 30 });
    const headers = { Authorization: authorizationHeader(rig.peer.config.registrationToken) };
    const answer = await fetch(rig.peer.versionsUrl, { headers });
    expect([answer.status, answer.headers.get('retry-after')]).toEqual([429, '30']);
    expect((await fetch(rig.peer.versionsUrl, { headers })).headers.get('retry-after')).toBeNull();
  });

  it('truncateNext answers 200 whose body cuts off before its Content-Length', async () => {
    rig = await startRig();
    rig.peer.faults.truncateNext(1);
    const headers = { Authorization: authorizationHeader(rig.peer.config.registrationToken) };
    const answer = await fetch(rig.peer.versionsUrl, { headers });
    expect(answer.status).toBe(200);
    await expect(answer.text()).rejects.toThrow();
    expect(rig.peer.requestLog.map((r) => r.status)).toEqual([200]);
    expect((await fetch(rig.peer.versionsUrl, { headers })).status).toBe(200);
  });

  it('hangNext never answers, so the caller times out; the next request is answered', async () => {
    rig = await startRig();
    rig.peer.faults.hangNext(1);
    const headers = { Authorization: authorizationHeader(rig.peer.config.registrationToken) };
    await expect(
      fetch(rig.peer.versionsUrl, { headers, signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    await expect.poll(() => rig!.peer.faults.hanging).toBe(0);
    expect(rig.peer.requestLog.map((r) => r.status)).toEqual([0]);
    expect((await fetch(rig.peer.versionsUrl, { headers })).status).toBe(200);
    expect(rig.peer.requestLog.map((r) => r.status)).toEqual([0, 200]);
  });

  it('close() ends a hanging request so the process can stop', async () => {
    rig = await startRig();
    rig.peer.faults.hangNext(1);
    const headers = { Authorization: authorizationHeader(rig.peer.config.registrationToken) };
    const pending = fetch(rig.peer.versionsUrl, { headers });
    await expect.poll(() => rig!.peer.faults.hanging).toBe(1);
    await rig.peer.close();
    await expect(pending).rejects.toThrow();
    await rig.other.close();
    rig = undefined;
  });

  it('the peer’s own calls time out against a partner that hangs', async () => {
    rig = await startRig({ requestTimeoutMs: 200 });
    const other = await startRig();
    try {
      other.peer.faults.hangNext(1);
      await expect(
        rig.peer.register(other.peer.versionsUrl, other.peer.config.registrationToken),
      ).rejects.toThrow(/no answer/);
      await rig.peer.register(other.peer.versionsUrl, other.peer.config.registrationToken);
      expect(rig.peer.partner()?.roles[0]).toMatchObject({ country_code: 'FI', party_id: 'NCH' });
    } finally {
      await other.stop();
    }
  });
});
