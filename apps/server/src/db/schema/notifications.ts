import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, tstz } from './columns';
import { users } from './users';

export const pushKinds = ['fcm', 'webpush'] as const;
export type PushKind = (typeof pushKinds)[number];

/**
 * Where a user's devices take push notifications: a device token (`fcmtoken`, POST
 * /firebase/notify/save-fcm) or a browser's Web Push subscription (endpoint and keys).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: pushKinds }).notNull(),
    /** The device token, or the Web Push endpoint URL. */
    token: text('token').notNull(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A device belongs to whoever signed in on it last.
    uniqueIndex('push_subscriptions_token_unique').on(t.token),
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_kind_check', oneOf(t.kind, pushKinds)),
    check(
      'push_subscriptions_webpush_keys_check',
      sql`${t.kind} <> 'webpush' or (${t.p256dh} is not null and ${t.auth} is not null)`,
    ),
  ],
);

/** The user's notifications (GET /events): what happened, readable in the app and pushed. */
export const userEvents = pgTable(
  'user_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sessionEnded, limitReached, parkingStarted, ghostStopped, sessionAdjusted … */
    type: text('type').notNull(),
    /** What the text needs (station name, cost, transaction id); the web translates. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Makes an event idempotent: one per (user, type, key), e.g. the session id. */
    dedupeKey: text('dedupe_key'),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_events_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('user_events_dedupe_unique').on(t.userId, t.type, t.dedupeKey),
  ],
);

/**
 * Keys the server makes for itself once and every instance shares: the VAPID key pair for Web
 * Push when VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are not set (docs/decisions/007). A browser's
 * subscription is bound to the public key, so it must not change across restarts or instances.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});
