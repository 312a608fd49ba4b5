import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { ANALYTICS_PATH_MAX, analyticsEvents as eventNames } from '@evcharge/domain/analytics';
import { oneOf, tstz } from './columns';

/**
 * SPEC §1: the app's own web-analytics counter (modules/analytics). No personal data: no user,
 * no address, no URL with ids; a route pattern, the brand of the host, and a random id of one
 * browser tab's visit. The time is the server's, when the batch arrived.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: tstz('at').notNull().defaultNow(),
    brand: text('brand').notNull(),
    visit: text('visit').notNull(),
    name: text('name', { enum: eventNames }).notNull(),
    path: text('path').notNull(),
  },
  (t) => [
    index('analytics_events_at_idx').on(t.at),
    check('analytics_events_name_check', oneOf(t.name, eventNames)),
    // A route pattern, never a full URL: no query, no fragment (domain/analytics.ts).
    check(
      'analytics_events_path_check',
      sql`${t.path} ~ '^/[A-Za-z0-9_:/-]*$' and length(${t.path}) <= ${sql.raw(String(ANALYTICS_PATH_MAX))}`,
    ),
    check('analytics_events_visit_check', sql`${t.visit} ~ '^[A-Za-z0-9_-]{16,32}$'`),
    check('analytics_events_brand_check', sql`${t.brand} ~ '^[a-z][a-z0-9-]{0,31}$'`),
  ],
);
