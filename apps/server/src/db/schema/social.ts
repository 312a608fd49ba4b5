import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt, oneOf, tstz } from './columns';
import { stations } from './stations';
import { users } from './users';

import { reviewStatuses } from '@evcharge/domain/reviews';
import { MESSAGE_FILE_TYPES, messageAuthors, messageKinds } from '@evcharge/domain/support';
import { chargingSessions } from './charging';

export { messageAuthors, messageKinds, reviewStatuses };

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stationId: uuid('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    rating: integer('rating'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /** Whether charging worked for the author (null: not said). */
    chargingWorked: boolean('charging_worked'),
    /** The author had a finished session of ours at this station when writing. */
    chargedHere: boolean('charged_here').notNull().default(false),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    /** Deleted by its author or by a moderator (with the reason its author sees). */
    deletedBy: text('deleted_by', { enum: ['author', 'moderator'] }),
    deleteReason: text('delete_reason'),
    moderatedBy: uuid('moderated_by').references(() => users.id),
    moderatedAt: tstz('moderated_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_station_status_idx').on(t.stationId, t.status),
    index('reviews_user_idx').on(t.userId),
    index('reviews_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('reviews_status_check', oneOf(t.status, reviewStatuses)),
    check('reviews_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/** SPEC §5: images of at most 500 kB, JPEG or PNG (checked by content before insert). */
export const reviewPhotos = pgTable(
  'review_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    position: integer('position').notNull().default(0),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('review_photos_review_idx').on(t.reviewId),
    check('review_photos_type_check', oneOf(t.contentType, ['image/jpeg', 'image/png'])),
    check('review_photos_size_check', sql`${t.sizeBytes} between 1 and 512000`),
  ],
);

/**
 * The support chat (SPEC §3 Message: text and files): one conversation per driver, written by
 * the driver, by support staff, or by the service (its closed-hours notice). `seq` orders all
 * messages and is the cursor of the long polls: inserts are serialized (a transaction-level
 * advisory lock) so that seq order is commit order and a poll after a cursor misses nothing.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    author: text('author', { enum: messageAuthors }).notNull(),
    kind: text('kind', { enum: messageKinds }).notNull().default('message'),
    staffUserId: uuid('staff_user_id').references(() => users.id),
    /** The session the message is about (running, or ended recently, when it was written). */
    sessionId: uuid('session_id').references(() => chargingSessions.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    /** When the other side read it. */
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_seq_idx').on(t.seq),
    index('messages_user_seq_idx').on(t.userId, t.seq),
    check('messages_author_check', oneOf(t.author, messageAuthors)),
    check('messages_kind_check', oneOf(t.kind, messageKinds)),
  ],
);

/** Files of a message: JPEG and PNG (re-encoded, no EXIF) or PDF, each at most 500 kB. */
export const messageFiles = pgTable(
  'message_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    position: integer('position').notNull().default(0),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_files_message_idx').on(t.messageId),
    check('message_files_size_check', sql`${t.sizeBytes} between 1 and 512000`),
    check('message_files_type_check', oneOf(t.contentType, MESSAGE_FILE_TYPES)),
  ],
);

/**
 * The support inbox, one row per driver who wrote: kept in the transaction that adds a message,
 * so the inbox (unanswered first, by waiting time) reads one small table.
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
    lastMessageAt: tstz('last_message_at').notNull(),
    lastText: text('last_text').notNull(),
    lastAuthor: text('last_author', { enum: messageAuthors }).notNull(),
    /** The first driver message support has not answered since; null when answered. */
    waitingSince: tstz('waiting_since'),
    /** Feedback about the app is among the unanswered messages. */
    waitingFeedback: boolean('waiting_feedback').notNull().default(false),
    /** Support has read the driver's messages up to this seq; the driver support's. */
    supportReadSeq: bigint('support_read_seq', { mode: 'number' }).notNull().default(0),
    userReadSeq: bigint('user_read_seq', { mode: 'number' }).notNull().default(0),
    /** When the service last told the driver that support is closed. */
    lastNoticeAt: tstz('last_notice_at'),
  },
  (t) => [
    index('support_conversations_inbox_idx').on(t.waitingSince, t.lastMessageAt),
    check('support_conversations_author_check', oneOf(t.lastAuthor, messageAuthors)),
  ],
);
