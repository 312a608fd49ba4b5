import { and, count, countDistinct, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnalyticsEvent } from '@evcharge/domain/analytics';
import type { Db } from '../../db/client';
import { analyticsEvents } from '../../db/schema/analytics';

export type NewAnalyticsEvent = {
  brand: string;
  visit: string;
  name: AnalyticsEvent;
  path: string;
};

export async function insertEvents(db: Db, rows: NewAnalyticsEvent[], at: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(analyticsEvents).values(rows.map((row) => ({ ...row, at })));
}

/** [start, end) in UTC, and one brand or all. */
export type Period = { start: Date; end: Date; brand: string | null };

function inPeriod(period: Period): SQL | undefined {
  return and(
    gte(analyticsEvents.at, period.start),
    lt(analyticsEvents.at, period.end),
    period.brand === null ? undefined : eq(analyticsEvents.brand, period.brand),
  );
}

/** Page views and distinct visits per UTC day that has any. */
export async function pageViewsByDay(db: Db, period: Period) {
  // Grouped by position: drizzle gives the same expression a new placeholder in each place.
  const dayOf = sql<string>`to_char(${analyticsEvents.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  return db
    .select({
      day: dayOf,
      pageViews: count(),
      visits: countDistinct(analyticsEvents.visit),
    })
    .from(analyticsEvents)
    .where(and(inPeriod(period), eq(analyticsEvents.name, 'pageView')))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
}

/** How often each event happened, and in how many visits; page views of `mapPath` apart. */
export async function eventCounts(db: Db, period: Period, mapPath: string) {
  const step = sql<string>`case when ${analyticsEvents.name} = 'pageView' then case when ${analyticsEvents.path} = ${mapPath} then 'map' else 'pageView' end else ${analyticsEvents.name} end`;
  return db
    .select({ step, events: count(), visits: countDistinct(analyticsEvents.visit) })
    .from(analyticsEvents)
    .where(inPeriod(period))
    .groupBy(sql`1`);
}

/** The most viewed route patterns. */
export async function topPaths(db: Db, period: Period, limit: number) {
  return db
    .select({ path: analyticsEvents.path, pageViews: count() })
    .from(analyticsEvents)
    .where(and(inPeriod(period), eq(analyticsEvents.name, 'pageView')))
    .groupBy(analyticsEvents.path)
    .orderBy(desc(count()), analyticsEvents.path)
    .limit(limit);
}
