import type { AnalyticsEvent } from '@evcharge/domain/analytics';

// The charging funnel's steps as screens see them (SPEC §1 the web-analytics counter): a
// screen says `track('stationOpened')` and goes on. The counter (features/analytics) loads
// after the first screen, when the browser is idle; until then the steps wait here.

export type FunnelEvent = Exclude<AnalyticsEvent, 'pageView'>;

type Sink = (event: FunnelEvent) => void;

/** Steps kept until the counter starts; more are dropped (a tab that never idles). */
const WAITING_MAX = 50;

const waiting: FunnelEvent[] = [];
const once = new Set<string>();
let sink: Sink | null = null;

/**
 * Counts a step of the funnel. With `onceKey`, once per key in this page (a finished session
 * is shown again whenever the driver comes back to it). Never throws, never waits.
 */
export function track(event: FunnelEvent, onceKey?: string): void {
  if (onceKey !== undefined) {
    const key = `${event}:${onceKey}`;
    if (once.has(key)) return;
    once.add(key);
  }
  if (sink) sink(event);
  else if (waiting.length < WAITING_MAX) waiting.push(event);
}

/** The counter takes the steps from here on, the waiting ones first. */
export function attachAnalyticsSink(next: Sink | null): void {
  sink = next;
  if (next) for (const event of waiting.splice(0)) next(event);
}
