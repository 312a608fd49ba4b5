import { afterEach, describe, expect, it } from 'vitest';
import { startPeer, type Peer } from './peer';

let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

describe('the liveness probe a process starting the peer waits for', () => {
  it('answers /health without a token while every OCPI module still wants one (§4.1.1)', async () => {
    peer = await startPeer();
    const health = await fetch(`${peer.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', name: 'NordCharge' });
    expect((await fetch(peer.versionsUrl)).status).toBe(401);
  });

  it('is neither logged as an OCPI request nor given the faults a test set', async () => {
    peer = await startPeer();
    peer.faults.failNext(1);
    expect((await fetch(`${peer.url}/health`)).status).toBe(200);
    expect(peer.requestLog.map((entry) => entry.url)).toEqual([]);
    // The fault is still there for the next OCPI request.
    const versions = await fetch(peer.versionsUrl, {
      headers: {
        authorization: `Token ${Buffer.from(peer.config.registrationToken).toString('base64')}`,
      },
    });
    expect(versions.status).toBe(500);
    expect(peer.requestLog.map((entry) => entry.url)).toEqual(['/ocpi/versions']);
  });
});
