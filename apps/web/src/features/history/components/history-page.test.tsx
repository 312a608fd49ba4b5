import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { buildCharge, buildChargeDetail } from '@/test/charge-builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { HistoryPage } from './history-page';

const TOTAL = 25;
/** Sessions newest first, as GET /v2/charges pages them. */
const sessions = Array.from({ length: TOTAL }, (_, i) =>
  buildCharge({
    transactionId: 100 - i,
    status: i === 3 ? 'cancelled' : 'success',
    startedAt: new Date(Date.UTC(2026, 10, 20 - i, 9)).toISOString(),
    energyWh: 10_000 + i * 100,
    costMinor: 20_000 + i,
    powerW: null,
  }),
);

function serve() {
  const server = routeFetch([
    {
      path: '/api/v2/charges',
      reply: (request) => {
        const page = Number(request.url.searchParams.get('page'));
        const size = Number(request.url.searchParams.get('pageSize'));
        return jsonResponse(200, { items: sessions.slice((page - 1) * size, page * size), total: TOTAL, page, pageSize: size });
      },
    },
    {
      path: '/api/charge/id/99',
      reply: () => jsonResponse(200, buildChargeDetail({ ...sessions[1]!, stopReason: 'EVDisconnected', meterNote: 'reconciled' })),
    },
    {
      path: '/api/charge/id/98',
      reply: () => jsonResponse(200, buildChargeDetail({ ...sessions[2]!, stopReason: 'noStop', meterNote: 'lastReading' })),
    },
    {
      path: '/api/charge/id/100',
      reply: () => jsonResponse(200, buildChargeDetail({
        ...sessions[0]!,
        parkingSeconds: 900,
        parkingCostMinor: 0,
        stopReason: 'EVDisconnected',
        costItems: [
          { kind: 'energy', amountMinor: 18_500, quantity: 10_000 },
          { kind: 'startFee', amountMinor: 1_500, quantity: 1 },
        ],
      })),
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('HistoryPage', () => {
  it('lists sessions newest first a page at a time, and loads more on request', async () => {
    const server = serve();
    await renderScreen(<HistoryPage />, '/history');
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(20));
    expect(screen.getByTestId('history-total').textContent).toBe('Sessions: 25');
    const first = screen.getAllByTestId('history-item')[0]!;
    expect(first.getAttribute('href')).toBe('/history?tx=100');
    expect(first.textContent).toContain('Tverskaya 12');
    expect(first.textContent).toContain('10.0 kWh');
    expect(within(first).getByTestId('history-item-cost').textContent).toMatch(/200\.00/);
    expect(screen.getAllByTestId('history-item')[3]!.textContent).toContain('Cancelled');

    const more = screen.getByTestId('history-more');
    expect(more.textContent).toBe('Show more (20 of 25)');
    await userEvent.setup().click(more);
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(25));
    expect(screen.queryByTestId('history-more')).toBeNull();
    const pages = server.sent.filter((r) => r.url.pathname === '/api/v2/charges').map((r) => r.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
    expect(screen.getAllByTestId('history-item').map((item) => Number(item.dataset.transactionId))).toEqual(sessions.map((s) => s.transactionId));
  });

  it('opens one session\'s details: cost items, parking, why it ended, the chart', async () => {
    serve();
    await renderScreen(<HistoryPage />, '/history?tx=100');
    const details = await screen.findByTestId('charge-details');
    const items = within(details).getByTestId('cost-items');
    expect([...items.querySelectorAll('[data-kind]')].map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Energy · 10\.0 kWh.*185\.00/),
      expect.stringMatching(/^Start fee.*15\.00/),
    ]);
    expect(within(items).getByTestId('cost-items-total').textContent).toMatch(/200\.00/);
    expect(within(details).getByTestId('details-parking').textContent).toContain('15 min');
    expect(within(details).getByTestId('details-reason').textContent).toBe('Ended: the cable was unplugged');
    expect(within(details).getByTestId('details-chart').dataset.points).toBe('6');
    expect(within(details).getByTestId('details-back').getAttribute('href')).toBe('/history');
    expect(within(details).queryByTestId('details-meter-note')).toBeNull();
  });

  it('says when a session was closed on its meter, and when its late final reading corrected it', async () => {
    serve();
    const { unmount } = await renderScreen(<HistoryPage />, '/history?tx=98');
    let details = await screen.findByTestId('charge-details');
    expect(within(details).getByTestId('details-reason').textContent).toBe(
      'Ended: the station stopped reporting it, so it was billed by its meter’s last reading',
    );
    expect(within(details).getByTestId('details-meter-note').textContent).toBe(
      "Energy from the meter's last sane reading: the station's final reading was missing or impossible.",
    );
    unmount();
    await renderScreen(<HistoryPage />, '/history?tx=99');
    details = await screen.findByTestId('charge-details');
    expect(within(details).getByTestId('details-reason').textContent).toBe('Ended: the cable was unplugged');
    expect(within(details).getByTestId('details-meter-note').textContent).toBe(
      "Corrected by the station's final meter reading, which came late; the difference has a receipt of its own.",
    );
  });

  it('tells a driver with no sessions where to start', async () => {
    vi.stubGlobal('fetch', routeFetch([
      { path: '/api/v2/charges', reply: () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 }) },
    ]).fetch);
    await renderScreen(<HistoryPage />, '/history');
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No sessions yet');
  });
});
