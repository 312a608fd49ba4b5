import type { StaffRole } from './reviews';

// SPEC §1: a web-analytics counter starts on load. Besides the brand's external counter, the
// app counts its own page views and the steps of the charging funnel (map → station opened →
// charge started → session ended) without personal data: no user id, no IP address, no URL
// with an id in it; at most a random id of one browser tab's visit.

/** What the web app reports: a page view (of a route pattern) or a step of the funnel. */
export const analyticsEvents = [
  'pageView',
  'stationOpened',
  'chargeStarted',
  'sessionEnded',
] as const;
export type AnalyticsEvent = (typeof analyticsEvents)[number];

/** The funnel's steps in order; `map` is a page view of the map home (`/`). */
export const funnelSteps = ['map', 'stationOpened', 'chargeStarted', 'sessionEnded'] as const;
export type FunnelStep = (typeof funnelSteps)[number];

/** The map home's route pattern: its page views are the funnel's first step. */
export const MAP_ROUTE = '/';

/** Events in one report (the web sends them in batches). */
export const ANALYTICS_BATCH_MAX = 30;
/** A route pattern's length at most. */
export const ANALYTICS_PATH_MAX = 80;
/** A route pattern's segments at most. */
const PATH_SEGMENTS_MAX = 5;
/** The visit id: random, made by the browser tab (base64url, 16 to 32 characters). */
export const ANALYTICS_VISIT_PATTERN = /^[A-Za-z0-9_-]{16,32}$/;
/**
 * What one browser tab can add to the figures (SPEC §1, the app's own counter): at most this
 * many events a minute per tab (its visit id, from one client address), and all the tabs of
 * one address together at most ANALYTICS_ADDRESS_EVENTS_PER_MINUTE; beyond that nothing is
 * counted. A tab of the app sends a batch every 10 s at most, a handful of events each.
 */
export const ANALYTICS_TAB_EVENTS_PER_MINUTE = 20;
export const ANALYTICS_ADDRESS_EVENTS_PER_MINUTE = 100;
/** The same event (name and route) from the same tab within this many seconds counts once. */
export const ANALYTICS_REPEAT_SECONDS = 10;
/** The longest period the console asks for at once (days, both ends included). */
export const ANALYTICS_PERIOD_MAX_DAYS = 366;

// A literal segment of the app's routes is a word (`detailStation`, `my_rfid`); a parameter
// keeps its name (`:id`). Anything else (a number, a uuid, a code, an e-mail) is some
// driver's or station's id and becomes `:id`.
const WORD = /^[A-Za-z_-]{1,32}$/;
const PARAMETER = /^:[A-Za-z]\w{0,30}$/;

/**
 * The route pattern of a path: no query, no fragment, no ids (`/receipts/8f3…` → `/receipts/:id`).
 * The web sends its router's pattern; the server normalises again, whatever it was sent.
 */
export function normaliseRoutePath(path: string): string {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  const segments = pathname
    .split('/')
    .filter((segment) => segment !== '')
    .slice(0, PATH_SEGMENTS_MAX)
    .map((segment) => (WORD.test(segment) || PARAMETER.test(segment) ? segment : ':id'));
  return `/${segments.join('/')}`.slice(0, ANALYTICS_PATH_MAX);
}

/** Who reads the analytics in the staff console: analysts and administrators. */
export function canReadAnalytics(role: StaffRole | null): boolean {
  return role === 'analyst' || role === 'admin';
}
