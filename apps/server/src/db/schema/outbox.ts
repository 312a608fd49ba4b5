import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, oneOf } from './columns';

export const outboxChannels = ['email', 'sms', 'call'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

/** DESIGN.md Messages to people: with the outbox transport, messages land here. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: outboxChannels }).notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_messages_to_idx').on(t.to, t.createdAt),
    check('outbox_messages_channel_check', oneOf(t.channel, outboxChannels)),
  ],
);
