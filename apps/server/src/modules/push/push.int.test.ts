import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getVapidPublicKey, savePushToken } from '@evcharge/api/push/push';
import { formatMoney } from '@evcharge/domain/money';
import { pushSubscriptions } from '../../db/schema/notifications';
import { signedInUser } from '../../test/builders';
import { closeSimStations, connectedStation, eventually } from '../../test/charge-points';
import { start, topUp } from '../../test/charging';
import { startTestServer, type TestServer } from '../../test/harness';
import {
  browserKeys,
  decryptPush,
  startPushService,
  vapidClaims,
  type TestPushService,
} from '../../test/push-service';
import { insertSessionTariff, MINUTE_MS, sessionOf, testCar } from '../../test/sessions';

// SPEC §7 POST /firebase/notify/save-fcm and Web Push: the device token or the browser's
// subscription is kept, and a session's end reaches the browser through its push service (here
// a local HTTP server), encrypted for its keys, signed with the server's VAPID key, in the
// driver's language; a subscription the push service calls gone (410) is forgotten.

let server: TestServer;
let pushService: TestPushService;
beforeAll(async () => {
  pushService = await startPushService();
  // Push services are https; the local one is plain http.
  server = await startTestServer({
    config: { push: { vapid: undefined, subject: undefined, allowHttpEndpoints: true } },
  });
});
afterEach(async () => {
  await closeSimStations();
});
afterAll(async () => {
  await server?.close();
  await pushService?.close();
});

const subscriptionsOf = (userId: string) =>
  server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('POST /firebase/notify/save-fcm', () => {
  it('keeps a device token once, and moves it to whoever signs in on the device next', async () => {
    const first = await signedInUser(server);
    const token = `fcm-${Math.random().toString(36).slice(2)}:APA91b-token`;
    for (let i = 0; i < 2; i += 1) {
      const saved = await server.call(savePushToken, {
        token: first.token,
        body: { fcmToken: token },
      });
      expect(saved.status).toBe(200);
      expect(saved.body).toEqual({ ok: true });
    }
    expect(await subscriptionsOf(first.id)).toMatchObject([{ kind: 'fcm', token, p256dh: null }]);

    const next = await signedInUser(server);
    await server.call(savePushToken, { token: next.token, body: { fcmToken: token } });
    expect(await subscriptionsOf(first.id)).toEqual([]);
    expect(await subscriptionsOf(next.id)).toMatchObject([{ kind: 'fcm', token }]);
  });

  it('keeps a browser’s Web Push subscription with its keys', async () => {
    const who = await signedInUser(server);
    const keys = browserKeys();
    const endpoint = `${pushService.origin}/keep/${who.id}`;
    const saved = await server.call(savePushToken, {
      token: who.token,
      body: { subscription: { endpoint, expirationTime: null, keys: keys.json } },
    });
    expect(saved.status).toBe(200);
    expect(await subscriptionsOf(who.id)).toMatchObject([
      { kind: 'webpush', token: endpoint, p256dh: keys.json.p256dh, auth: keys.json.auth },
    ]);
  });

  const keys = browserKeys().json;
  const endpoint = 'https://push.example/1';
  it.each([
    ['nothing', {}, 'fcmToken', 'required'],
    ['an empty token', { fcmToken: '' }, 'fcmToken', 'required'],
    ['a token with a space', { fcmToken: 'has space' }, 'fcmToken', 'invalid'],
    ['a number', { fcmToken: 42 }, 'fcmToken', 'invalid'],
    ['a token of 4097 characters', { fcmToken: 'x'.repeat(4097) }, 'fcmToken', 'tooLong'],
    [
      'a token and a subscription',
      { fcmToken: 'a', subscription: { endpoint, keys } },
      'fcmToken',
      'invalid',
    ],
    [
      'an endpoint that is no URL',
      { subscription: { endpoint: 'not a url', keys } },
      'subscription.endpoint',
      'invalid',
    ],
    [
      'an ftp endpoint',
      { subscription: { endpoint: 'ftp://push.example/1', keys } },
      'subscription.endpoint',
      'invalid',
    ],
    ['no keys', { subscription: { endpoint } }, 'subscription.keys', 'required'],
    [
      'a short auth key',
      { subscription: { endpoint, keys: { ...keys, auth: 'short' } } },
      'subscription.keys.auth',
      'invalid',
    ],
    ['an unknown field', { fcmToken: 'a', extra: 1 }, 'extra', 'invalid'],
  ])('refuses %s with 400 and keeps nothing', async (_, body, path, rule) => {
    const who = await signedInUser(server);
    const answer = await server.call(savePushToken, { token: who.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((answer.body as { fields: unknown[] }).fields).toContainEqual({ path, rule });
    expect(await subscriptionsOf(who.id)).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    const answer = await server.fetch('/api/firebase/notify/save-fcm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fcmToken: 'abc' }),
    });
    expect(answer.status).toBe(401);
  });
});

describe('the VAPID public key', () => {
  it('is made once and kept: a second instance on the same database has the same', async () => {
    const first = await server.call<{ publicKey: string }>(getVapidPublicKey);
    expect(first.status).toBe(200);
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const second = await startTestServer({ database: server.database });
    try {
      const again = await second.call<{ publicKey: string }>(getVapidPublicKey);
      expect(again.body.publicKey).toBe(first.body.publicKey);
    } finally {
      await second.close();
    }
  });
});

describe('Web Push when a session ends', () => {
  it('posts the encrypted, VAPID-signed notification in the driver’s language; 410 forgets the subscription', async () => {
    const tariffId = await insertSessionTariff(server);
    const who = await signedInUser(server, { lang: 'es' });
    await topUp(server, who.id, 100_000);
    const browser = browserKeys();
    const gone = browserKeys();
    const liveEndpoint = `${pushService.origin}/live/${who.id}`;
    const goneEndpoint = `${pushService.origin}/gone/${who.id}`;
    pushService.answer(`/gone/${who.id}`, 410);
    for (const [endpoint, keys] of [
      [liveEndpoint, browser],
      [goneEndpoint, gone],
    ] as const) {
      const saved = await server.call(savePushToken, {
        token: who.token,
        body: { subscription: { endpoint, keys: keys.json } },
      });
      expect(saved.status).toBe(200);
    }

    // Another driver's browser hears nothing of this driver's session.
    const other = await signedInUser(server);
    await server.call(savePushToken, {
      token: other.token,
      body: {
        subscription: {
          endpoint: `${pushService.origin}/other/${other.id}`,
          keys: browserKeys().json,
        },
      },
    });

    const { chargePoint, station } = await connectedStation(server, { tariffId });
    station.plug(1, testCar);
    await station.flush();
    const started = await start(server, who, { connectorId: chargePoint.station.connectorIds[0]! });
    expect(started.status).toBe(200);
    const { transactionId } = started.body;
    await eventually(async () => (await sessionOf(server, transactionId)).status === 'charging');
    station.clock.advance(MINUTE_MS);
    await station.flush();
    station.unplug(1);
    await station.flush();

    const delivered = await eventually(() =>
      pushService.requests.find((request) => request.path === `/live/${who.id}`),
    );
    expect(delivered.headers).toMatchObject({
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
      ttl: '86400',
      urgency: 'high',
    });
    const { publicKey } = (await server.call<{ publicKey: string }>(getVapidPublicKey)).body;
    const claims = vapidClaims(delivered.headers.authorization ?? '', publicKey);
    expect(claims).toMatchObject({ aud: pushService.origin, sub: 'mailto:support@evcharge.demo' });
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
    expect(claims.exp).toBeLessThanOrEqual(Date.now() / 1000 + 24 * 60 * 60);

    const message = JSON.parse(decryptPush(delivered.body, browser)) as Record<string, string>;
    const session = await sessionOf(server, transactionId);
    expect(message.title).toBe('Carga finalizada');
    const energy = new Intl.NumberFormat('es', { maximumFractionDigits: 2 }).format(
      session.energyWh / 1000,
    );
    const cost = formatMoney({ amountMinor: session.costMinor, currency: 'rub' }, 'es');
    expect(message.body).toBe(
      `Test station ${chargePoint.station.code.slice(2)}: ${energy} kWh, coste ${cost}.`,
    );
    expect(message.url).toMatch(/^\/events\?id=[0-9a-f-]{36}$/);

    // The push service said the other browser is gone: it is forgotten, the live one kept.
    await eventually(async () => {
      const rows = await subscriptionsOf(who.id);
      return rows.length === 1 && rows;
    });
    expect((await subscriptionsOf(who.id)).map((row) => row.token)).toEqual([liveEndpoint]);
    expect(pushService.requests.filter((r) => r.path === `/gone/${who.id}`)).toHaveLength(1);
    expect(pushService.requests.filter((r) => r.path.startsWith('/other/'))).toEqual([]);
  });
});
