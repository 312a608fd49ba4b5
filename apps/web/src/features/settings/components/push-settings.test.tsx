import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { PushSettings } from './push-settings';

const PUBLIC_KEY = `B${'A'.repeat(86)}`;

/** A browser with a service worker and a push manager, as far as the toggle needs one. */
function fakePushBrowser(permission: NotificationPermission = 'default') {
  let subscription: {
    endpoint: string;
    options: { applicationServerKey: ArrayBuffer };
    toJSON: () => unknown;
    unsubscribe: () => Promise<boolean>;
  } | null = null;
  const subscribe = vi.fn(
    async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      subscription = {
        endpoint: 'https://push.example/send/abc',
        options: { applicationServerKey: applicationServerKey.slice().buffer },
        toJSON: () => ({
          endpoint: 'https://push.example/send/abc',
          expirationTime: null,
          keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
        }),
        unsubscribe: async () => {
          subscription = null;
          return true;
        },
      };
      return subscription;
    },
  );
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => 'granted') });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return { subscribe };
}

function serve() {
  const server = routeFetch([
    {
      path: '/api/push/vapid-public-key',
      reply: () => jsonResponse(200, { publicKey: PUBLIC_KEY }),
    },
    {
      method: 'POST',
      path: '/api/firebase/notify/save-fcm',
      reply: () => jsonResponse(200, { ok: true }),
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushSettings', () => {
  it('says when the browser cannot show notifications, and keeps the switch off', async () => {
    serve();
    await renderScreen(<PushSettings />, '/appSettings');
    await waitFor(() =>
      expect(screen.getByTestId('settings-push').textContent).toContain(
        'This browser cannot show notifications',
      ),
    );
    expect(screen.getByRole('switch')).toHaveProperty('disabled', true);
  });

  it('subscribes with the server’s VAPID key and sends the subscription', async () => {
    const browser = fakePushBrowser();
    const server = serve();
    await renderScreen(<PushSettings />, '/appSettings');
    const toggle = screen.getByRole('switch');
    await waitFor(() => expect(toggle).toHaveProperty('disabled', false));
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(screen.getByRole('switch')).toHaveProperty('checked', true));
    const key = browser.subscribe.mock.calls[0]![0].applicationServerKey;
    expect(key).toHaveLength(65);
    const saved = server.sent.filter((r) => r.url.pathname === '/api/firebase/notify/save-fcm');
    expect(saved.map((r) => r.body)).toEqual([
      {
        subscription: {
          endpoint: 'https://push.example/send/abc',
          keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
        },
      },
    ]);

    await userEvent.setup().click(screen.getByRole('switch'));
    await waitFor(() => expect(screen.getByRole('switch')).toHaveProperty('checked', false));
  });

  it('says notifications are blocked when the browser denies them', async () => {
    fakePushBrowser('denied');
    serve();
    await renderScreen(<PushSettings />, '/appSettings');
    await waitFor(() =>
      expect(screen.getByTestId('settings-push').textContent).toContain(
        'Notifications are blocked for this site',
      ),
    );
    expect(screen.getByRole('switch')).toHaveProperty('disabled', true);
  });
});
