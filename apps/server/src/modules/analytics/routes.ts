import type { FastifyInstance } from 'fastify';
import { getAnalyticsSummary } from '@evcharge/api/admin/analytics';
import { reportAnalyticsEvents } from '@evcharge/api/analytics/report-events';
import { brandById, brandIds } from '../../brand/brands';
import type { Deps } from '../../deps';
import { route } from '../../http/route';
import { MINUTE_MS, type RateLimits } from '../../plugins/rate-limit';
import { analyticsSummary, recordEvents } from './service';
import { requireAnalyst } from './staff';

/** A batch of 30 events is under 4 kB: anything near this is not the app's. */
export const REPORT_BODY_LIMIT_BYTES = 8 * 1024;

export function analyticsRoutes(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'now'>,
  limits: Pick<RateLimits, 'analyticsPerMinute'>,
): void {
  // Public: the app sends with navigator.sendBeacon, which carries no token, and none is read.
  route(
    app,
    reportAnalyticsEvents,
    async ({ body, request }) => recordEvents(deps.db, request.brand.id, body, deps.now()),
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
