import type { z } from 'zod';
import type { reportAnalyticsEvents } from '@evcharge/api/analytics/report-events';
import {
  ANALYTICS_PERIOD_MAX_DAYS,
  funnelSteps,
  MAP_ROUTE,
  normaliseRoutePath,
} from '@evcharge/domain/analytics';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';
import type { Db } from '../../db/client';
import type { Admission } from './admission';
import * as repo from './repo';

// SPEC §1: the app's own web-analytics counter. What arrives is checked by the contract and
// normalised again here (route patterns only), bounded per browser tab (admission.ts), stored
// with the brand of the host it came to and the server's time: nothing about who sent it (no
// user, no address).

const DAY_MS = 86_400_000;
/** The console's list of the most viewed pages. */
export const TOP_PATHS = 10;

type Report = z.output<NonNullable<(typeof reportAnalyticsEvents)['body']>>;

/**
 * Stores what counts of a batch of the web's events (admission.ts: repeats once, a tab's and an
 * address's minute bounded); answers how many were counted.
 */
export async function recordEvents(
  deps: { db: Db; admission: Admission },
  from: { brand: string; address: string },
  report: Report,
  now: Date,
) {
  const events = report.events.map((event) => ({
    name: event.name,
    path: normaliseRoutePath(event.path),
  }));
  const counted = await deps.admission.admit(from.address, report.visit, events, now);
  const rows = counted.map((event) => ({ ...event, brand: from.brand, visit: report.visit }));
  await repo.insertEvents(deps.db, rows, now);
  return { accepted: rows.length };
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** The period's days, both ends included; refused when backwards or longer than a year. */
export function periodDays(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  const days = Math.round((end - start) / DAY_MS) + 1;
  if (!Number.isFinite(days) || days < 1) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'to', rule: rule.invalid }] });
  }
  if (days > ANALYTICS_PERIOD_MAX_DAYS) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'from', rule: rule.invalid }] });
  }
  return Array.from({ length: days }, (_, i) => utcDay(new Date(start + i * DAY_MS)));
}

/** Page views per day (every day of the period), the funnel and the top pages. */
export async function analyticsSummary(
  db: Db,
  query: { from: string; to: string; brand: string | null },
) {
  const days = periodDays(query.from, query.to);
  const period: repo.Period = {
    start: new Date(`${query.from}T00:00:00Z`),
    end: new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS),
    brand: query.brand,
  };
  const [byDay, counts, top] = await Promise.all([
    repo.pageViewsByDay(db, period),
    repo.eventCounts(db, period, MAP_ROUTE),
    repo.topPaths(db, period, TOP_PATHS),
  ]);
  const viewsOf = new Map(byDay.map((row) => [row.day, row]));
  const countOf = new Map(counts.map((row) => [row.step, row]));
  return {
    from: query.from,
    to: query.to,
    brand: query.brand,
    days: days.map((day) => ({
      day,
      pageViews: viewsOf.get(day)?.pageViews ?? 0,
      visits: viewsOf.get(day)?.visits ?? 0,
    })),
    funnel: funnelSteps.map((step) => ({
      step,
      events: countOf.get(step)?.events ?? 0,
      visits: countOf.get(step)?.visits ?? 0,
    })),
    topPaths: top,
  };
}
