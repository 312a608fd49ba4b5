import { z } from 'zod';
import { funnelSteps } from '@evcharge/domain/analytics';
import { rule } from '@evcharge/domain/validation';
import { defineContract } from '../contract';

// The staff console's analytics (SPEC §1 the web-analytics counter; §6 the administrator
// interface): page views per day and the charging funnel over a period, for analysts and
// administrators; anyone else gets 404, as for a route that does not exist.

const day = z.iso.date({ error: rule.invalid });

export const analyticsDaySchema = z.object({
  /** YYYY-MM-DD, in UTC. */
  day: z.string(),
  pageViews: z.number().int(),
  /** Distinct visits (browser tabs) with a page view that day. */
  visits: z.number().int(),
});

export const funnelStepSchema = z.object({
  step: z.enum(funnelSteps),
  /** How often the step happened. */
  events: z.number().int(),
  /** Distinct visits in which it happened. */
  visits: z.number().int(),
});

export const getAnalyticsSummary = defineContract({
  method: 'GET',
  path: '/api/admin/analytics',
  auth: 'user',
  summary: 'Staff (analyst, admin): page views per day and the charging funnel over a period',
  tags: ['admin'],
  query: z.object({
    /** First and last day, both included (UTC). */
    from: day,
    to: day,
    /** One brand's traffic; all brands without it. */
    brand: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, { error: rule.invalid })
      .optional(),
  }),
  response: z.object({
    from: z.string(),
    to: z.string(),
    brand: z.string().nullable(),
    /** Every day of the period, those without views too. */
    days: z.array(analyticsDaySchema),
    funnel: z.array(funnelStepSchema),
    /** The most viewed route patterns of the period. */
    topPaths: z.array(z.object({ path: z.string(), pageViews: z.number().int() })),
    /** The brands of this deployment, to choose from. */
    brands: z.array(z.object({ id: z.string(), title: z.string() })),
  }),
});
