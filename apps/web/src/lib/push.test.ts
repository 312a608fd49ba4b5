import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse } from '@/test/render';
import { buildClient } from '@/test/builders';
import { readPushSent, syncFcmToken } from './push';
import { clearSession, startSession } from './session';
import { writeFcmToken } from './storage';

// SPEC §7: the device token goes to POST /firebase/notify/save-fcm only when it differs from
// what the server has for this user; a failure is only logged.

function serve(status = 200) {
  const server = routeFetch([
    {
      method: 'POST',
      path: '/api/firebase/notify/save-fcm',
      reply: () =>
        jsonResponse(status, status === 200 ? { ok: true } : { code: 'UNKNOWN', message: 'x' }),
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok', { id: 'u1' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('syncFcmToken', () => {
  it('sends a new token once, again when it changes or another user signs in', async () => {
    const server = serve();
    writeFcmToken('token-1');
    await syncFcmToken();
    await syncFcmToken();
    expect(server.sent.map((r) => r.body)).toEqual([{ fcmToken: 'token-1' }]);
    expect(readPushSent('fcmToken')).toBe('u1 token-1');

    writeFcmToken('token-2');
    await syncFcmToken();
    startSession(buildClient('tok2', { id: 'u2' }));
    await syncFcmToken();
    expect(server.sent.map((r) => r.body)).toEqual([
      { fcmToken: 'token-1' },
      { fcmToken: 'token-2' },
      { fcmToken: 'token-2' },
    ]);
  });

  it('sends nothing without a token or when signed out', async () => {
    const server = serve();
    await syncFcmToken();
    writeFcmToken('token-1');
    clearSession();
    await syncFcmToken();
    expect(server.sent).toEqual([]);
  });

  it('only logs a failure, and tries again next time', async () => {
    const server = serve(500);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    writeFcmToken('token-1');
    await expect(syncFcmToken()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(readPushSent('fcmToken')).toBeNull();
    await syncFcmToken();
    expect(server.sent).toHaveLength(2);
  });
});
