import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ANALYTICS_ADDRESS_EVENTS_PER_MINUTE,
  ANALYTICS_REPEAT_SECONDS,
  ANALYTICS_TAB_EVENTS_PER_MINUTE,
} from '@evcharge/domain/analytics';
import { startSession } from '../../lib/session';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { AnalyticsSection, periodOf, type Summary } from './analytics-section';

// SPEC §1 the counter, as analysts read it: page views per day as bars (the busiest day full
// height), the funnel against the map's visits, the period and the brand chosen.

const NOW = Date.parse('2026-11-20T12:00:00Z');

function summary(query: URLSearchParams): Summary {
  const brand = query.get('brand');
  const scale = brand === 'volt' ? 1 : 2;
  return {
    from: query.get('from')!,
    to: query.get('to')!,
    brand,
    days: [
      { day: '2026-11-18', pageViews: 10 * scale, visits: 4 },
      { day: '2026-11-19', pageViews: 0, visits: 0 },
      { day: '2026-11-20', pageViews: 40 * scale, visits: 9 },
    ],
    funnel: [
      { step: 'map', events: 30, visits: 20 * scale },
      { step: 'stationOpened', events: 25, visits: 10 * scale },
      { step: 'chargeStarted', events: 6, visits: 5 * scale },
      { step: 'sessionEnded', events: 4, visits: 4 * scale },
    ],
    topPaths: [
      { path: '/', pageViews: 30 },
      { path: '/receipt/:id', pageViews: 8 },
    ],
    brands: [
      { id: 'demo', title: 'evcharge' },
      { id: 'volt', title: 'Volt Charge' },
    ],
  };
}

function serve() {
  const server = routeFetch([{ path: '/api/admin/analytics', reply: ({ url }) => jsonResponse(200, summary(url.searchParams)) }]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the analytics section', () => {
  it('asks for the last 30 days with the token, and draws a bar per day, the busiest full height', async () => {
    startSession({ accessToken: 'analyst-token' });
    const server = serve();
    render(<AnalyticsSection now={() => NOW} />);

    const chart = await screen.findByTestId('analytics-chart');
    const request = server.sent.find((r) => r.url.pathname === '/api/admin/analytics');
    expect(request?.authorization).toBe('Bearer analyst-token');
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({ from: '2026-10-22', to: '2026-11-20' });

    const bars = within(chart).getAllByTestId('analytics-bar');
    expect(bars.map((bar) => [bar.dataset.day, bar.dataset.views, bar.style.height])).toEqual([
      ['2026-11-18', '20', '25%'],
      ['2026-11-19', '0', '0%'],
      ['2026-11-20', '80', '100%'],
    ]);
    expect(chart.getAttribute('role')).toBe('img');
    expect(chart.getAttribute('aria-label')).toContain('80');
    // The same figures as a table for screen readers.
    expect(screen.getByRole('table').textContent).toContain('80');
    expect(screen.getByTestId('analytics-total-views').textContent).toContain('100');
    expect(screen.getByTestId('analytics-map-visits').textContent).toContain('40');
  });

  it('shows the funnel as shares of the map visits, and the most viewed pages', async () => {
    startSession({ accessToken: 'analyst-token' });
    serve();
    render(<AnalyticsSection now={() => NOW} />);
    const funnel = await screen.findByTestId('analytics-funnel');
    const steps = within(funnel).getAllByRole('listitem');
    expect(steps.map((step) => step.dataset.visits)).toEqual(['40', '20', '10', '8']);
    expect(steps[0]!.textContent).toContain('Map opened');
    expect(steps[1]!.textContent).toContain('50 % of map visits');
    expect(steps[3]!.textContent).toContain('Session ended');
    expect(steps[3]!.textContent).toContain('20 % of map visits');
    expect(steps[2]!.querySelector<HTMLElement>('.funnel-fill')?.style.width).toBe('25%');
    expect(screen.getByTestId('analytics-top-paths').textContent).toContain('/receipt/:id');
  });

  it('says what is counted of one browser tab, with the numbers the server counts by', async () => {
    startSession({ accessToken: 'analyst-token' });
    serve();
    render(<AnalyticsSection now={() => NOW} />);
    const note = await screen.findByTestId('analytics-counted');
    expect(note.textContent).toBe(
      `What is counted: one browser tab counts at most ${ANALYTICS_TAB_EVENTS_PER_MINUTE} events a minute, ` +
        `and all the tabs of one network address together at most ${ANALYTICS_ADDRESS_EVENTS_PER_MINUTE}; ` +
        `the same event from the same tab within ${ANALYTICS_REPEAT_SECONDS} seconds counts once. ` +
        'Anything beyond that is not counted.',
    );
  });

  it('asks again for another period and for one brand', async () => {
    startSession({ accessToken: 'analyst-token' });
    const server = serve();
    const user = userEvent.setup();
    render(<AnalyticsSection now={() => NOW} />);
    await screen.findByTestId('analytics-chart');

    await user.click(screen.getByTestId('analytics-period-7'));
    await waitFor(() => expect(server.sent.at(-1)?.url.searchParams.get('from')).toBe('2026-11-14'));
    expect(screen.getByTestId('analytics-period-7').getAttribute('aria-pressed')).toBe('true');

    await user.selectOptions(screen.getByTestId('analytics-brand'), 'volt');
    await waitFor(() => expect(server.sent.at(-1)?.url.searchParams.get('brand')).toBe('volt'));
    await waitFor(() => expect(screen.getByTestId('analytics-total-views').textContent).toContain('50'));
  });

  it('says when nothing was counted, and when the server cannot answer', async () => {
    startSession({ accessToken: 'analyst-token' });
    const empty = routeFetch([
      {
        path: '/api/admin/analytics',
        reply: ({ url }) =>
          jsonResponse(200, { ...summary(url.searchParams), days: [{ day: '2026-11-20', pageViews: 0, visits: 0 }], topPaths: [] }),
      },
    ]);
    vi.stubGlobal('fetch', empty.fetch);
    const { unmount } = render(<AnalyticsSection now={() => NOW} />);
    expect((await screen.findAllByText('Nothing was counted in this period.')).length).toBe(2);
    unmount();

    vi.stubGlobal('fetch', routeFetch([{ path: '/api/admin/analytics', reply: () => jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }) }]).fetch);
    render(<AnalyticsSection now={() => NOW} />);
    expect((await screen.findByRole('alert')).textContent).toContain('temporarily unavailable');
  });
});

describe('periodOf', () => {
  it('is the last n days up to today, both included (UTC)', () => {
    expect(periodOf(1, NOW)).toEqual({ from: '2026-11-20', to: '2026-11-20' });
    expect(periodOf(7, NOW)).toEqual({ from: '2026-11-14', to: '2026-11-20' });
  });
});
