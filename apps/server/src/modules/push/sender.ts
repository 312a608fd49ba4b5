import webpush from 'web-push';
import type { FastifyBaseLogger } from 'fastify';
import type { UserEventType } from '@evcharge/domain/user-events';
import type { Db } from '../../db/client';
import { forgetSubscription, webPushTargets, type WebPushTarget } from './repo';
import { pushText, type PushEventData } from './texts';
import type { Vapid } from './vapid';

// Web Push (RFC 8030/8291/8292): the payload is encrypted for the browser's keys and posted to
// its push service with a VAPID signature. web-push builds the request; we send it with
// fetch, so a slow push service is cut off after PUSH_TIMEOUT_MS and a plain-http endpoint
// (tests, a local push service) works too.

const PUSH_TIMEOUT_MS = 10_000;
/** A push service keeps an undelivered notification this long, then drops it. */
const TTL_SECONDS = 24 * 60 * 60;

export type PushEvent = { id: string; userId: string; type: UserEventType; data: PushEventData };

export type PushSender = {
  /** The VAPID public key browsers subscribe with. */
  publicKey: string;
  /** Sends an event to every browser of its user; never rejects. */
  send: (event: PushEvent) => Promise<void>;
};

/** What the service worker (public/push-sw.js) shows. */
export function pushPayload(event: PushEvent, language: WebPushTarget['language']) {
  const { title, body } = pushText(language, event.type, event.data);
  return { title, body, tag: `${event.type}:${event.id}`, url: `/events?id=${event.id}` };
}

function headersOf(details: webpush.RequestDetails): Record<string, string> {
  // fetch sets Content-Length itself.
  return Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
}

export function createPushSender(options: {
  db: Db;
  vapid: Vapid;
  allowHttpEndpoints: boolean;
  log: FastifyBaseLogger;
}): PushSender {
  const { db, vapid, log } = options;

  async function sendOne(target: WebPushTarget, event: PushEvent): Promise<void> {
    if (!options.allowHttpEndpoints && !target.endpoint.startsWith('https://')) return;
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(pushPayload(event, target.language)),
      {
        vapidDetails: vapid,
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        urgency: event.type === 'favouriteFree' ? 'normal' : 'high',
      },
    );
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers: headersOf(details),
      body: details.body ? new Uint8Array(details.body) : undefined,
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      redirect: 'error',
    });
    await response.arrayBuffer().catch(() => undefined);
    // RFC 8030 §7.3: 404 and 410 mean the subscription is gone for good.
    if (response.status === 404 || response.status === 410) {
      await forgetSubscription(db, target.id, target.endpoint);
      log.info({ eventId: event.id, status: response.status }, 'push subscription gone, removed');
    } else if (!response.ok) {
      log.warn(
        { eventId: event.id, status: response.status },
        'push service refused a notification',
      );
    }
  }

  return {
    publicKey: vapid.publicKey,
    send: async (event) => {
      try {
        const targets = await webPushTargets(db, event.userId);
        await Promise.all(
          targets.map((target) =>
            sendOne(target, event).catch((error: unknown) =>
              log.warn({ err: error, eventId: event.id }, 'push notification failed'),
            ),
          ),
        );
      } catch (error) {
        log.warn({ err: error, eventId: event.id }, 'push notification failed');
      }
    },
  };
}
