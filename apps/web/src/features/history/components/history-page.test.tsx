import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { buildCharge, buildChargeDetail } from '@/test/charge-builders';
import { buildReservation } from '@/test/reserve-builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { HistoryPage } from './history-page';

const TOTAL = 26;
/** Sessions newest first. */
const sessions = Array.from({ length: TOTAL - 1 }, (_, i) =>
  buildCharge({
    transactionId: 100 - i,
    status: i === 3 ? 'cancelled' : 'success',
    startedAt: new Date(Date.UTC(2026, 10, 20 - i, 9)).toISOString(),
    energyWh: 10_000 + i * 100,
    costMinor: 20_000 + i,
    powerW: null,
  }),
);

/** A reservation between the second and third sessions, with its receipt. */
const reservation = buildReservation({
  status: 'expired',
  costMinor: 8_000,
  endedAt: '2026-11-19T10:15:00.000Z',
  startsAt: '2026-11-19T10:00:00.000Z',
  endsAt: '2026-11-19T10:15:00.000Z',
});
const entries = [
  ...sessions
    .slice(0, 2)
    .map((charge) => ({ type: 'charge' as const, at: charge.startedAt!, charge, receiptId: null })),
  { type: 'reserve' as const, at: reservation.startsAt, reserve: reservation, receiptId: 'r-77' },
  ...sessions
    .slice(2)
    .map((charge) => ({ type: 'charge' as const, at: charge.startedAt!, charge, receiptId: null })),
];

function serve() {
  const server = routeFetch([
    {
      // SPEC §7 GET /v2/charges_plus_reserves, by position.
      path: '/api/v2/charges_plus_reserves',
      reply: (request) => {
        const offset = Number(request.url.searchParams.get('offset'));
        const limit = Number(request.url.searchParams.get('limit'));
        return jsonResponse(200, { items: entries.slice(offset, offset + limit), total: TOTAL });
      },
    },
    {
      path: '/api/charge/id/99',
      reply: () =>
        jsonResponse(
          200,
          buildChargeDetail({
            ...sessions[1]!,
            stopReason: 'EVDisconnected',
            meterNote: 'reconciled',
          }),
        ),
    },
    {
      path: '/api/charge/id/98',
      reply: () =>
        jsonResponse(
          200,
          buildChargeDetail({ ...sessions[2]!, stopReason: 'noStop', meterNote: 'lastReading' }),
        ),
    },
    {
      path: '/api/charge/id/100',
      reply: () =>
        jsonResponse(
          200,
          buildChargeDetail({
            ...sessions[0]!,
            parkingSeconds: 900,
            parkingCostMinor: 0,
            stopReason: 'EVDisconnected',
            costItems: [
              { kind: 'energy', amountMinor: 18_500, quantity: 10_000 },
              { kind: 'startFee', amountMinor: 1_500, quantity: 1 },
            ],
          }),
        ),
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
  vi.restoreAllMocks();
});

describe('HistoryPage', () => {
  it('lists sessions and reservations newest first a page at a time, and loads more on request', async () => {
    const server = serve();
    await renderScreen(<HistoryPage />, '/history');
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(19));
    expect(screen.getByTestId('history-total').textContent).toBe('Sessions and reservations: 26');
    const reserved = screen.getByTestId('reservation-item');
    expect(reserved.querySelector('a')!.getAttribute('href')).toBe(`/reserve?id=${reservation.id}`);
    expect(reserved.textContent).toContain('Reservation · connector 1');
    expect(reserved.textContent).toContain('Expired');
    expect(within(reserved).getByTestId('reservation-item-cost').textContent).toMatch(/80\.00/);
    // The station's time (UTC+3): 10:00–10:15 UTC is 1:00–1:15 PM there.
    expect(within(reserved).getByTestId('reservation-item-period').textContent).toMatch(
      /1:00\s?PM–1:15\s?PM/,
    );
    expect(within(reserved).getByTestId('reservation-item-receipt').getAttribute('href')).toBe(
      '/receipt/r-77',
    );
    const first = screen.getAllByTestId('history-item')[0]!;
    expect(first.getAttribute('href')).toBe('/history?tx=100');
    expect(first.textContent).toContain('Tverskaya 12');
    expect(first.textContent).toContain('10.0 kWh');
    expect(within(first).getByTestId('history-item-cost').textContent).toMatch(/200\.00/);
    expect(screen.getAllByTestId('history-item')[3]!.textContent).toContain('Cancelled');

    const more = screen.getByTestId('history-more');
    expect(more.textContent).toBe('Show more (20 of 26)');
    await userEvent.setup().click(more);
    await waitFor(() => expect(screen.getAllByTestId('history-item')).toHaveLength(25));
    expect(screen.queryByTestId('history-more')).toBeNull();
    const pages = server.sent
      .filter((r) => r.url.pathname === '/api/v2/charges_plus_reserves')
      .map((r) => r.url.searchParams.get('offset'));
    expect(pages).toEqual(['0', '20']);
    expect(
      screen.getAllByTestId('history-item').map((item) => Number(item.dataset.transactionId)),
    ).toEqual(sessions.map((s) => s.transactionId));
  });

  it("opens one session's details: cost items, parking, why it ended, the chart", async () => {
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
    expect(within(details).getByTestId('details-reason').textContent).toBe(
      'Ended: the cable was unplugged',
    );
    expect(within(details).getByTestId('details-chart').dataset.points).toBe('6');
    expect(within(details).getByTestId('details-back').getAttribute('href')).toBe('/history');
    expect(within(details).queryByTestId('details-meter-note')).toBeNull();
    // SPEC §2 chat: a question about this session reaches support with the session attached.
    const support = within(details).getByTestId('support-link');
    expect(support.getAttribute('href')).toBe('/chat?session=100');
    expect(support.textContent).toBe('Write to support');
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
    expect(within(details).getByTestId('details-reason').textContent).toBe(
      'Ended: the cable was unplugged',
    );
    expect(within(details).getByTestId('details-meter-note').textContent).toBe(
      "Corrected by the station's final meter reading, which came late; the difference has a receipt of its own.",
    );
  });

  it('tells a driver with no sessions where to start', async () => {
    vi.stubGlobal(
      'fetch',
      routeFetch([
        {
          path: '/api/v2/charges_plus_reserves',
          reply: () => jsonResponse(200, { items: [], total: 0 }),
        },
      ]).fetch,
    );
    await renderScreen(<HistoryPage />, '/history');
    expect((await screen.findByTestId('history-empty')).textContent).toContain('No sessions yet');
  });

  describe('times on the station’s clock (UTC+3), its zone named where the phone’s differs', () => {
    /** The phone's zone, minutes east of UTC. */
    const phoneOn = (minutes: number) =>
      vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-minutes);

    it('says 12:00 PM (UTC+3) for a session the phone on UTC would call 9:00 AM, in the list and in its details', async () => {
      phoneOn(0);
      serve();
      const { unmount } = await renderScreen(<HistoryPage />, '/history');
      const first = (await screen.findAllByTestId('history-item'))[0]!;
      expect(first.querySelector('time')!.textContent).toBe('Nov 20, 2026, 12:00 PM (UTC+3)');
      expect(
        within(screen.getByTestId('reservation-item')).getByTestId('reservation-item-period')
          .textContent,
      ).toMatch(/1:00\s?PM–1:15\s?PM \(UTC\+3\)$/);
      unmount();
      await renderScreen(<HistoryPage />, '/history?tx=100');
      expect((await screen.findByTestId('details-when')).textContent).toMatch(
        /^November 20, 2026.*12:00\s?PM \(UTC\+3\)$/,
      );
    });

    it('names no zone where the phone keeps the station’s time', async () => {
      phoneOn(180);
      serve();
      await renderScreen(<HistoryPage />, '/history');
      const first = (await screen.findAllByTestId('history-item'))[0]!;
      expect(first.querySelector('time')!.textContent).toBe('Nov 20, 2026, 12:00 PM');
      expect(
        within(screen.getByTestId('reservation-item')).getByTestId('reservation-item-period')
          .textContent,
      ).toMatch(/1:15\s?PM$/);
    });
  });
});
