import { getVapidPublicKey, savePushToken } from '@evcharge/api/push/push';
import { apiRequest } from './api-client';
import { getSession, subscribeSession } from './session';
import { readFcmToken } from './storage';

// Push notifications on this device (SPEC §7 POST /firebase/notify/save-fcm): the device token
// of the installed app (`fcmtoken` query parameter) and this browser's Web Push subscription.
// Each is sent when the server does not have it for the signed-in user yet ("only when it
// differs from the stored one"); sending the token fails quietly (SPEC: failure is only logged).

export type WebPushState = 'unsupported' | 'denied' | 'off' | 'on';

/**
 * localStorage: `<user id> <token>` and `<user id> <endpoint>` the server last took. Kept here
 * rather than in storage.ts, which the first screen loads; like storage.ts, never throws.
 */
const pushSentKeys = { fcmToken: 'fcmTokenSent', webPush: 'webPushSent' } as const;
type SentKey = keyof typeof pushSentKeys;

export function readPushSent(kind: SentKey): string | null {
  try {
    return window.localStorage.getItem(pushSentKeys[kind]);
  } catch {
    return null;
  }
}

function writePushSent(kind: SentKey, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(pushSentKeys[kind]);
    else window.localStorage.setItem(pushSentKeys[kind], value);
  } catch {
    // Not remembered: the next sync sends again, which the server takes as the same.
  }
}

let sending: string | null = null;

/** Sends the device token when this user's server record differs from it. */
export async function syncFcmToken(): Promise<void> {
  const token = readFcmToken();
  const userId = getSession()?.user.id;
  if (!token || !userId) return;
  const record = `${userId} ${token}`;
  if (readPushSent('fcmToken') === record || sending === record) return;
  sending = record;
  try {
    await apiRequest(savePushToken, { body: { fcmToken: token } });
    writePushSent('fcmToken', record);
  } catch (error) {
    console.warn('The push device token was not saved', error);
  } finally {
    sending = null;
  }
}

export function isWebPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!isWebPushSupported()) return undefined;
  return (await navigator.serviceWorker.getRegistration()) ?? undefined;
}

/** Whether this browser takes Web Push now. */
export async function webPushState(): Promise<WebPushState> {
  if (!isWebPushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const subscription = await (await registration())?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(text, (char) => char.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null | undefined, wanted: Uint8Array): boolean {
  if (!key || key.byteLength !== wanted.length) return false;
  const bytes = new Uint8Array(key);
  return bytes.every((byte, i) => byte === wanted[i]);
}

/** A browser without a reachable push service may never settle subscribe(): give up then. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No answer from the push service in ${ms} ms`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

async function sendSubscription(subscription: PushSubscription): Promise<void> {
  const userId = getSession()?.user.id;
  const json = subscription.toJSON();
  if (!userId || !json.endpoint || !json.keys?.p256dh || !json.keys.auth) return;
  await apiRequest(savePushToken, {
    body: {
      subscription: {
        endpoint: json.endpoint,
        keys: { p256dh: json.keys.p256dh, auth: json.keys.auth },
      },
    },
  });
  writePushSent('webPush', `${userId} ${json.endpoint}`);
}

/** Asks the browser for permission, subscribes with the server's VAPID key and sends it. */
export async function enableWebPush(): Promise<WebPushState> {
  if (!isWebPushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const worker = await registration();
  if (!worker) throw new Error('No service worker: Web Push needs the installed app shell');
  const { publicKey } = await apiRequest(getVapidPublicKey);
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  // A subscription made for another server key cannot take our pushes: make a new one.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await withTimeout(
    worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
    SUBSCRIBE_TIMEOUT_MS,
  );
  await sendSubscription(subscription);
  return 'on';
}

/** Ends this browser's subscription: the push service then refuses it and the server forgets it. */
export async function disableWebPush(): Promise<WebPushState> {
  const subscription = await (await registration())?.pushManager.getSubscription();
  await subscription?.unsubscribe();
  writePushSent('webPush', null);
  return webPushState();
}

/** A browser that takes Web Push follows whoever signs in on it; after signing out, nobody. */
async function followSession(): Promise<void> {
  const userId = getSession()?.user.id;
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) return;
  if (!userId) {
    await subscription.unsubscribe();
    writePushSent('webPush', null);
  } else if (readPushSent('webPush') !== `${userId} ${subscription.endpoint}`) {
    await sendSubscription(subscription);
  }
}

let started = false;

/** Started by the header once someone is signed in: sends what is new now and after each sign-in. */
export function startPushSync(): void {
  if (started) return;
  started = true;
  const sync = () => {
    void syncFcmToken();
    if (isWebPushSupported())
      void followSession().catch((error: unknown) =>
        console.warn('Web Push subscription not updated', error),
      );
  };
  subscribeSession(sync);
  sync();
}
