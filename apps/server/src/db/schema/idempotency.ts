import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns';
import { users } from './users';

/**
 * Idempotency keys of requests that move money (the `Idempotency-Key` header, as acquirers
 * take it): the row is claimed before the work runs, so one key of one driver on one endpoint
 * runs once whatever the timing; the first answer is kept and given to every repeat. Swept
 * after 24 h (http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `METHOD /path` of the contract. */
    endpoint: text('endpoint').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the request's validated body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request runs. */
    status: integer('status'),
    body: text('body'),
    answeredAt: tstz('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_endpoint_key').on(t.userId, t.endpoint, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
