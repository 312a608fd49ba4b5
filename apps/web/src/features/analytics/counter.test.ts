import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router';
import { track } from '@/lib/analytics';
import { EVENTS_URL, FLUSH_DELAY_MS, NOT_FOUND_PATTERN, routePattern, startAnalytics, visitId } from './counter';

// SPEC §1: the app's own counter sends page views (route patterns, never the URL's ids) and the
// funnel's steps in batches, with navigator.sendBeacon, when the page is hidden or left.

type Sent = { url: string; body: { visit: string; events: { name: string; path: string }[] } };

let sent: Sent[];
let beaconWorks: boolean;

beforeEach(() => {
  sent = [];
  beaconWorks = true;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    value: (url: string, data: Blob) => {
      if (!beaconWorks) return false;
      // The Blob's text is read at once by the test below (jsdom's Blob has text()).
      void data.text().then((text) => sent.push({ url, body: JSON.parse(text) }));
      return true;
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.querySelectorAll('script[data-counter]').forEach((script) => script.remove());
});

const routes = [
  {
    path: '/',
    children: [
      { index: true, element: null },
      { path: '/receipt/:id', element: null },
      { path: '/profile', element: null },
      { path: '*', element: null },
    ],
  },
];

const hide = () => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('routePattern', () => {
  it('is the pattern the router matched, never the path with its ids', () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/receipt/3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f?x=1'] });
    expect(routePattern(router.state.matches)).toBe('/receipt/:id');
    void router.navigate('/');
    expect(routePattern(router.state.matches)).toBe('/');
    void router.navigate('/no/such/page/42');
    expect(routePattern(router.state.matches)).toBe(NOT_FOUND_PATTERN);
  });
});

describe('startAnalytics', () => {
  it('sends page views as patterns and the funnel steps, in one batch when the page is hidden', async () => {
    track('stationOpened'); // before the counter started: it waits
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    const stop = startAnalytics(router, { counter: { kind: 'none' } });
    await router.navigate('/receipt/3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f');
    await router.navigate('/receipt/8a1b2c3d-0000-4000-8000-000000000000'); // the same pattern: no new view
    track('chargeStarted');
    track('sessionEnded', '42');
    track('sessionEnded', '42'); // the same session shown again: counted once
    expect(sent).toHaveLength(0); // batched, nothing went yet
    hide();
    await settle();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(EVENTS_URL);
    expect(sent[0]!.body.visit).toMatch(/^[A-Za-z0-9_-]{16,32}$/);
    expect(sent[0]!.body.events).toEqual([
      { name: 'pageView', path: '/' },
      { name: 'stationOpened', path: '/' },
      { name: 'pageView', path: '/receipt/:id' },
      { name: 'chargeStarted', path: '/receipt/:id' },
      { name: 'sessionEnded', path: '/receipt/:id' },
    ]);
    expect(JSON.stringify(sent)).not.toContain('3f2b8c1e');
    stop();
  });

  it('sends a batch after a while without being asked, and at once when it is full', async () => {
    vi.useFakeTimers();
    const router = createMemoryRouter(routes, { initialEntries: ['/profile'] });
    const stop = startAnalytics(router, { counter: { kind: 'none' } });
    await vi.advanceTimersByTimeAsync(FLUSH_DELAY_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((batch) => batch.body.events)).toEqual([[{ name: 'pageView', path: '/profile' }]]);
    for (let i = 0; i < 30; i += 1) track('stationOpened');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.events).toHaveLength(30);
    stop();
  });

  it('falls back to fetch with keepalive when the browser refuses the beacon', async () => {
    beaconWorks = false;
    const fetch = vi.fn(async () => new Response(null, { status: 201 }));
    vi.stubGlobal('fetch', fetch);
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    const stop = startAnalytics(router, { counter: { kind: 'none' } });
    window.dispatchEvent(new Event('pagehide'));
    expect(fetch).toHaveBeenCalledWith(EVENTS_URL, expect.objectContaining({ method: 'POST', keepalive: true, credentials: 'omit' }));
    stop();
  });

  it('keeps one random visit id per tab', () => {
    const first = visitId();
    expect(first).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(visitId()).toBe(first);
    window.sessionStorage.clear();
    expect(visitId()).not.toBe(first);
  });
});

describe("the brand's external counter", () => {
  it('loads Matomo from the brand\'s server and tells it route patterns, without cookies', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/receipt/abc123'] });
    const stop = startAnalytics(router, { counter: { kind: 'matomo', url: 'https://stats.example/', siteId: '7' }, origin: 'https://app.example' });
    const script = document.head.querySelector<HTMLScriptElement>('script[data-counter]');
    expect(script?.src).toBe('https://stats.example/matomo.js');
    expect(script?.async).toBe(true);
    await router.navigate('/profile');
    const paq = (window as unknown as { _paq: unknown[][] })._paq;
    expect(paq).toEqual([
      ['disableCookies'],
      ['setTrackerUrl', 'https://stats.example/matomo.php'],
      ['setSiteId', '7'],
      ['setCustomUrl', 'https://app.example/receipt/:id'],
      ['trackPageView'],
      ['setCustomUrl', 'https://app.example/profile'],
      ['trackPageView'],
    ]);
    stop();
    delete (window as unknown as { _paq?: unknown })._paq;
  });

  it('loads Yandex Metrica for a brand that names it, without session recording', () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    const stop = startAnalytics(router, { counter: { kind: 'yandexMetrica', id: 4242 }, origin: 'https://app.example' });
    expect(document.head.querySelector<HTMLScriptElement>('script[data-counter]')?.src).toBe('https://mc.yandex.ru/metrika/tag.js');
    const calls = (window as unknown as { ym: { a: unknown[][] } }).ym.a;
    expect(calls[0]).toEqual([4242, 'init', expect.objectContaining({ defer: true, webvisor: false })]);
    expect(calls[1]).toEqual([4242, 'hit', 'https://app.example/']);
    stop();
    delete (window as unknown as { ym?: unknown }).ym;
  });

  it('loads nothing for a brand without one', () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/'] });
    const stop = startAnalytics(router, { counter: { kind: 'none' } });
    expect(document.head.querySelector('script[data-counter]')).toBeNull();
    stop();
  });
});
