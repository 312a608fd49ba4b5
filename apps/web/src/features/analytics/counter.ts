import { reportAnalyticsEvents } from '@evcharge/api/analytics/report-events';
import type { AnalyticsCounter } from '@evcharge/api/brand/get-brand';
import { ANALYTICS_BATCH_MAX, normaliseRoutePath, type AnalyticsEvent } from '@evcharge/domain/analytics';
import { attachAnalyticsSink } from '@/lib/analytics';
import { loadExternalCounter, type ExternalCounter } from './external-counter';

// SPEC §1: the web-analytics counter, started once the first screen has rendered and the
// browser is idle (app/analytics-schedule.ts), never in the way of the first paint. Page views
// and the funnel's steps go to our server in batches (navigator.sendBeacon, also when the page
// is hidden or left) with no personal data: the route pattern, never the URL with its ids, and
// a random id of this browser tab's visit. The brand's external counter, if it names one, is
// told the same route patterns.

/** POST /api/analytics/events. */
export const EVENTS_URL = reportAnalyticsEvents.path;
/** A batch waits this long for more events before it goes. */
export const FLUSH_DELAY_MS = 10_000;
/** The pattern of a path no route answers. */
export const NOT_FOUND_PATTERN = '/notFound';
const VISIT_KEY = 'analyticsVisit';

type RouteMatch = { route: { path?: string; index?: boolean } };
/** What the counter needs of the router: where it is now, and news of a move. */
export type RouterLike = {
  state: { matches: readonly RouteMatch[] };
  subscribe: (listener: (state: { matches: readonly RouteMatch[] }) => void) => () => void;
};

/** The route pattern the router matched (`/receipt/:id`), never the path with its ids. */
export function routePattern(matches: readonly RouteMatch[]): string {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const { path, index } = matches[i]!.route;
    if (index) return '/';
    if (path === '*') return NOT_FOUND_PATTERN;
    if (path) return normaliseRoutePath(path);
  }
  return '/';
}

function randomVisitId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A random id of this tab's visit, kept for the tab's life (sessionStorage), nothing else. */
export function visitId(): string {
  try {
    const kept = window.sessionStorage.getItem(VISIT_KEY);
    if (kept && /^[A-Za-z0-9_-]{16,32}$/.test(kept)) return kept;
    const made = randomVisitId();
    window.sessionStorage.setItem(VISIT_KEY, made);
    return made;
  } catch {
    return randomVisitId();
  }
}

/** Sends without waiting for an answer, and survives the page being closed. */
function send(body: string): void {
  try {
    if (navigator.sendBeacon?.(EVENTS_URL, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // A browser that refuses the beacon: fetch below.
  }
  void fetch(EVENTS_URL, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

export type AnalyticsOptions = { counter: AnalyticsCounter; origin?: string };

/** Starts counting; returns a stop (tests, a page being torn down). */
export function startAnalytics(router: RouterLike, { counter, origin = window.location.origin }: AnalyticsOptions): () => void {
  const visit = visitId();
  const batch: { name: AnalyticsEvent; path: string }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current = routePattern(router.state.matches);
  const external: ExternalCounter | null = loadExternalCounter(counter);

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    while (batch.length > 0) send(JSON.stringify({ visit, events: batch.splice(0, ANALYTICS_BATCH_MAX) }));
  };
  const add = (name: AnalyticsEvent) => {
    batch.push({ name, path: current });
    if (batch.length >= ANALYTICS_BATCH_MAX) flush();
    else timer ??= setTimeout(flush, FLUSH_DELAY_MS);
  };
  const pageView = () => {
    add('pageView');
    external?.pageView(`${origin}${current}`);
  };

  pageView();
  const unsubscribe = router.subscribe((state) => {
    const next = routePattern(state.matches);
    if (next === current) return;
    current = next;
    pageView();
  });
  attachAnalyticsSink((event) => {
    add(event);
    external?.event(event);
  });
  // The last batch goes when the page is hidden (a phone switches apps) or left.
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flush);
  return () => {
    flush();
    unsubscribe();
    attachAnalyticsSink(null);
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', flush);
  };
}
