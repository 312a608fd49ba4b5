import { and, eq } from 'drizzle-orm';
import type { WebPushSubscription } from '@evcharge/api/push/push';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import type { Db } from '../../db/client';
import { pushSubscriptions, serverKeys } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';

// Where a driver's devices take push notifications (POST /firebase/notify/save-fcm).

/**
 * A device token: it belongs to whoever sent it last (signing in on a device moves its
 * notifications to that account; the token itself is only known on the device).
 */
export async function saveDeviceToken(db: Db, userId: string, token: string): Promise<void> {
  const [saved] = await db
    .insert(pushSubscriptions)
    .values({ userId, kind: 'fcm', token })
    .onConflictDoUpdate({
      target: pushSubscriptions.token,
      set: { userId, updatedAt: new Date() },
      // A browser's endpoint sent as a device token is not a device token.
      setWhere: eq(pushSubscriptions.kind, 'fcm'),
    })
    .returning({ id: pushSubscriptions.id });
  if (!saved) throw new AppError('FORBIDDEN');
}

/**
 * A browser's Web Push subscription. Its keys never change for an endpoint (Push API): an
 * endpoint sent again with other keys is not that browser, and is refused without a change,
 * so nobody who learns an endpoint can take another driver's notifications over.
 */
export async function saveWebPushSubscription(
  db: Db,
  userId: string,
  subscription: WebPushSubscription,
  options: { allowHttp: boolean },
): Promise<void> {
  const { endpoint, keys } = subscription;
  if (!options.allowHttp && !endpoint.startsWith('https://'))
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'subscription.endpoint', rule: rule.invalid }],
    });
  const [saved] = await db
    .insert(pushSubscriptions)
    .values({ userId, kind: 'webpush', token: endpoint, p256dh: keys.p256dh, auth: keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.token,
      set: { userId, updatedAt: new Date() },
      // Only the same browser (same kind and keys) moves; anything else changes nothing.
      setWhere: and(
        eq(pushSubscriptions.kind, 'webpush'),
        eq(pushSubscriptions.p256dh, keys.p256dh),
        eq(pushSubscriptions.auth, keys.auth),
      ),
    })
    .returning({ id: pushSubscriptions.id });
  if (!saved) throw new AppError('FORBIDDEN');
}

export type WebPushTarget = {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: (typeof users.$inferSelect)['lang'];
};

/** A user's browsers that take Web Push, with the language their texts are in. */
export async function webPushTargets(db: Db, userId: string): Promise<WebPushTarget[]> {
  const rows = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.token,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      language: users.lang,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.kind, 'webpush')));
  return rows.flatMap((row) =>
    row.p256dh && row.auth ? [{ ...row, p256dh: row.p256dh, auth: row.auth }] : [],
  );
}

/** The push service says the subscription is gone (404/410): forget it. */
export async function forgetSubscription(db: Db, id: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.token, endpoint)));
}

/** Keeps `value` under `name` unless a key of that name is already kept (first one wins). */
export async function insertServerKeyIfMissing(
  db: Db,
  name: string,
  value: Record<string, string>,
): Promise<void> {
  await db.insert(serverKeys).values({ name, value }).onConflictDoNothing();
}

export async function findServerKey(
  db: Db,
  name: string,
): Promise<Record<string, string> | undefined> {
  const [row] = await db.select().from(serverKeys).where(eq(serverKeys.name, name));
  return row?.value;
}
