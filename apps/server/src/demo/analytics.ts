import { MAP_ROUTE, type AnalyticsEvent } from '@evcharge/domain/analytics';
import type { Db } from '../db/client';
import { createRandom } from './prng';
import { insertAnalyticsEvents } from './repo';

// Four weeks of the app's own counter (SPEC §1) for the staff console's analytics to show:
// visits of both demo brands with their page views and the funnel's steps, more at weekends.
// Random ids of visits only, as the web sends them (modules/analytics).

const DAYS = 28;
const DAY_MS = 86_400_000;
const OTHER_PAGES = ['/profile', '/history', '/chat', '/favourites', '/balance', '/gides', '/login'];

function visitId(random: ReturnType<typeof createRandom>): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  return Array.from({ length: 22 }, () => alphabet[random.int(0, 63)]).join('');
}

export async function insertDemoAnalytics(db: Db, now: Date, seed: number): Promise<void> {
  const random = createRandom(seed);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const rows: { at: Date; brand: string; visit: string; name: AnalyticsEvent; path: string }[] = [];
  for (let day = DAYS; day >= 1; day -= 1) {
    const start = today - day * DAY_MS;
    const weekday = new Date(start).getUTCDay();
    for (const [brand, base] of [
      ['demo', 60],
      ['volt', 25],
    ] as const) {
      const visits = Math.round(base * (weekday === 0 || weekday === 6 ? 1.4 : 1) * (0.8 + random.next() * 0.4));
      for (let v = 0; v < visits; v += 1) {
        const visit = visitId(random);
        let at = start + random.int(6 * 3600, 22 * 3600) * 1000;
        const add = (name: AnalyticsEvent, path: string) => {
          rows.push({ at: new Date(at), brand, visit, name, path });
          at += random.int(20, 300) * 1000;
        };
        add('pageView', MAP_ROUTE);
        for (let p = random.int(0, 2); p > 0; p -= 1) add('pageView', random.pick(OTHER_PAGES));
        if (!random.chance(0.55)) continue;
        add('stationOpened', MAP_ROUTE);
        if (!random.chance(0.4)) continue;
        add('pageView', '/precharging');
        add('chargeStarted', '/precharging');
        add('pageView', '/charging');
        if (random.chance(0.85)) add('sessionEnded', '/charging');
      }
    }
  }
  await insertAnalyticsEvents(db, rows);
}
