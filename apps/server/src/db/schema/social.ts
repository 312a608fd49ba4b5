import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, oneOf, tstz } from './columns';
import { stations } from './stations';
import { users } from './users';

import { reviewStatuses } from '@evcharge/domain/reviews';

export { reviewStatuses };

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

export const messageAuthors = ['user', 'support'] as const;

/** The support chat: one conversation per user, written by the user or by support staff. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    author: text('author', { enum: messageAuthors }).notNull(),
    staffUserId: uuid('staff_user_id').references(() => users.id),
    text: text('text').notNull().default(''),
    readAt: tstz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_user_created_idx').on(t.userId, t.createdAt),
    check('messages_author_check', oneOf(t.author, messageAuthors)),
  ],
);

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
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_files_message_idx').on(t.messageId),
    check('message_files_size_check', sql`${t.sizeBytes} between 1 and 512000`),
  ],
);
