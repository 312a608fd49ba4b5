import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { getAnalyticsSummary } from '@evcharge/api/admin/analytics';
import { reportAnalyticsEvents } from '@evcharge/api/analytics/report-events';
import { ANALYTICS_REPEAT_SECONDS } from '@evcharge/domain/analytics';
import { brandById, brandIds } from '../../brand/brands';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { MINUTE_MS, type RateLimits } from '../../plugins/rate-limit';
import { memoryAdmission, redisAdmission } from './admission';
import { analyticsSummary, recordEvents } from './service';
import { requireAnalyst } from './staff';

/** A batch of 30 events is under 4 kB: anything near this is not the app's. */
export const REPORT_BODY_LIMIT_BYTES = 8 * 1024;

export function analyticsRoutes(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'now'>,
  limits: Pick<
    RateLimits,
    'analyticsPerMinute' | 'analyticsTabEventsPerMinute' | 'analyticsAddressEventsPerMinute'
  >,
  redis?: Redis,
): void {
  const bounds = {
    perTab: limits.analyticsTabEventsPerMinute,
    perAddress: limits.analyticsAddressEventsPerMinute,
    windowMs: MINUTE_MS,
    repeatMs: ANALYTICS_REPEAT_SECONDS * 1000,
  };
  const memory = memoryAdmission(bounds);
  const admission = redis ? redisAdmission(redis, bounds, memory) : memory;
  // Public: the app sends with navigator.sendBeacon, which carries no token, and none is read.
  route(
    app,
    reportAnalyticsEvents,
    async ({ body, request }) =>
      recordEvents(
        { db: deps.db, admission },
        { brand: request.brand.id, address: request.ip },
        body,
        deps.now(),
      ),
    {
      rateLimit: { max: limits.analyticsPerMinute, timeWindow: MINUTE_MS },
      bodyLimit: REPORT_BODY_LIMIT_BYTES,
    },
  );

  route(app, getAnalyticsSummary, async ({ query, auth }) => {
    requireAnalyst(auth);
    const summary = await analyticsSummary(deps.db, {
      from: query.from,
      to: query.to,
      brand: query.brand ?? null,
    });
    return {
      ...summary,
      brands: brandIds.map((id) => ({ id, title: brandById(id).title })),
    };
  });
}
