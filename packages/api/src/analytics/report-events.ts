import { z } from 'zod';
import {
  ANALYTICS_BATCH_MAX,
  ANALYTICS_PATH_MAX,
  ANALYTICS_VISIT_PATTERN,
  analyticsEvents,
} from '@evcharge/domain/analytics';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';

// SPEC §1: the app's own counter. No token is read and no personal data is taken: a route
// pattern, the event's name and a random id of the browser tab's visit (domain/analytics.ts).

export const analyticsEventSchema = z
  .object({
    name: z.enum(analyticsEvents, { error: rule.invalid }),
    /** The route pattern (`/receipts/:id`); the server normalises it again. */
    path: z
      .string({ error: rule.required })
      .min(1, { error: rule.required })
      .max(ANALYTICS_PATH_MAX, { error: rule.tooLong })
      .startsWith('/', { error: rule.invalid }),
  })
  .strict();

export const reportAnalyticsEvents = defineContract({
  method: 'POST',
  path: '/api/analytics/events',
  auth: 'public',
  summary:
    'The app counts page views and the charging funnel (no personal data; sent with navigator.sendBeacon)',
  tags: ['analytics'],
  body: z
    .object({
      visit: z.string({ error: rule.required }).regex(ANALYTICS_VISIT_PATTERN, { error: rule.invalid }),
      events: z
        .array(analyticsEventSchema)
        .min(1, { error: rule.required })
        .max(ANALYTICS_BATCH_MAX, { error: rule.tooLong }),
    })
    .strict(),
  response: z.object({ accepted: z.number().int() }),
  status: 201,
});
