import { z } from 'zod';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';
import { okSchema } from '../common';

// SPEC §7 POST /firebase/notify/save-fcm: where the driver's devices take push notifications.
// Either a device token (`fcmtoken` query parameter of the installed app) or a browser's Web
// Push subscription (PushSubscription.toJSON()). A token or endpoint belongs to the account
// that sent it last: signing in on a device moves its notifications to that account.

const base64Url = (min: number, max: number) =>
  z
    .string({ error: rule.invalid })
    .min(min, { error: rule.invalid })
    .max(max, { error: rule.invalid })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: rule.invalid });

/** An http(s) URL (the server also wants https unless WEB_PUSH_ALLOW_HTTP). */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const webPushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: rule.invalid })
    .max(2048, { error: rule.tooLong })
    .refine(isHttpUrl, { error: rule.invalid }),
  // P-256 public key (65 bytes) and auth secret (16 bytes), base64url (RFC 8291).
  keys: z.object({ p256dh: base64Url(86, 88), auth: base64Url(22, 24) }),
  expirationTime: z.number().nullish(),
});
export type WebPushSubscription = z.infer<typeof webPushSubscriptionSchema>;

export const savePushTokenBodySchema = z
  .object({
    fcmToken: z
      .string({ error: rule.invalid })
      .min(1, { error: rule.required })
      .max(4096, { error: rule.tooLong })
      .regex(/^[\x21-\x7e]+$/, { error: rule.invalid })
      .optional(),
    subscription: webPushSubscriptionSchema.optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if ((body.fcmToken === undefined) === (body.subscription === undefined))
      context.addIssue({
        code: 'custom',
        path: ['fcmToken'],
        message: body.fcmToken === undefined ? rule.required : rule.invalid,
      });
  });
export type SavePushTokenBody = z.input<typeof savePushTokenBodySchema>;

export const savePushToken = defineContract({
  method: 'POST',
  path: '/api/firebase/notify/save-fcm',
  auth: 'user',
  summary: 'Take push notifications on this device: a device token or a Web Push subscription',
  tags: ['push'],
  body: savePushTokenBodySchema,
  response: okSchema,
});

export const getVapidPublicKey = defineContract({
  method: 'GET',
  path: '/api/push/vapid-public-key',
  auth: 'public',
  summary: 'The server’s VAPID public key, for PushManager.subscribe',
  tags: ['push'],
  response: z.object({ publicKey: z.string() }),
});
