import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Reservation } from '@evcharge/api/reserves/reserves';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { buildReservation } from '@/test/reserve-builders';
import { ReservePage } from './reserve-page';

const HOUR = 3_600_000;

function serve(items: Reservation[], extra: FetchRoute[] = []) {
  const server = routeFetch([
    ...extra,
    { path: '/api/user-reserves', reply: () => jsonResponse(200, { items, total: items.length }) },
    {
      path: /^\/api\/reserve\/[^/]+$/,
      reply: (request) => {
        const found = items.find((item) => request.url.pathname === `/api/reserve/${item.id}`);
        return found ? jsonResponse(200, found) : jsonResponse(404, { code: 'NOT_FOUND' });
      },
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

describe('ReservePage: one reservation', () => {
  it('says what a reservation paid from the rouble balance came to in the station dollars, and the rate (SPEC §3)', async () => {
    const now = Date.now();
    const held = buildReservation({
      startsAt: new Date(now - 5 * 60_000).toISOString(),
      endsAt: new Date(now + 10 * 60_000).toISOString(),
      fixedCostMinor: 5_016, idleMinuteCostMinor: 456, costMinor: 7_296, idleMinutes: 5,
      exchange: { currency: 'usd', fixedCostMinor: 55, idleMinuteCostMinor: 5, costMinor: 80, rate: '91.2' },
    });
    serve([held]);
    await renderScreen(<ReservePage />, `/reserve?id=${held.id}`);
    expect((await screen.findByTestId('reservation-exchange')).textContent).toBe('$0.80 ≈ ₽72.96 from the balance at ₽91.20/$');
  });

  it('shows a holding reservation with its countdown, cost so far, the way to start charging and directions', async () => {
    const now = Date.now();
    const held = buildReservation({ startsAt: new Date(now - 5 * 60_000).toISOString(), endsAt: new Date(now + 10 * 60_000).toISOString() });
    serve([held]);
    await renderScreen(<ReservePage />, `/reserve?id=${held.id}`);
    const view = await screen.findByTestId('reservation-view');
    expect(within(view).getByTestId('reservation-status').textContent).toBe('Holding');
    expect(within(view).getByTestId('reserve-station-name').textContent).toBe('Tverskaya 12');
    expect(within(view).getByTestId('reservation-countdown').textContent).toMatch(/^Ends in(9:5\d|10:00)$/);
    expect(within(view).getByTestId('reservation-cost-total').textContent).toMatch(/60\.00/);
    expect(within(view).getByTestId('reservation-cost').textContent).toContain('5 min held');
    const start = screen.getByRole('link', { name: 'Start charging' });
    expect(start.getAttribute('data-testid')).toBe('reservation-start');
    expect(start.getAttribute('href')).toBe(`/precharging?station=${held.stationId}&connector=1`);
    expect(screen.getByTestId('directions-geo').getAttribute('href')).toMatch(/^geo:55\.765200,37\.604100/);
  });

  it('says what cancelling costs before it is done, and cancels on the reserved connector', async () => {
    const held = buildReservation({ endsAt: new Date(Date.now() + 10 * 60_000).toISOString() });
    const server = serve([held], [
      { method: 'DELETE', path: `/api/reserve/${held.id}/now/${held.connectorId}`, reply: () => jsonResponse(200, { ...held, status: 'cancelled', cancelCostMinor: 0 }) },
    ]);
    await renderScreen(<ReservePage />, `/reserve?id=${held.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel the reservation' }));
    const dialog = await screen.findByTestId('reserve-cancel-dialog');
    expect(within(dialog).getByTestId('reserve-cancel-cost').textContent).toMatch(/^Cancelling now costs .*60\.00: the fixed cost and 5 min held\.$/);
    expect(server.sent.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('reserve-cancel-confirm'));
    await waitFor(() => expect(screen.getByTestId('reservation-status').textContent).toBe('Cancelled'));
    expect(server.sent.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByTestId('reservation-ended').textContent).toContain('You cancelled it.');
    expect(screen.queryByTestId('reservation-start')).toBeNull();
  });

  it('tells that cancelling a period that has not begun is free, and counts down to its start', async () => {
    const later = buildReservation({
      status: 'scheduled', mode: 'period', begunAt: null, costMinor: 0, idleMinutes: 0, cancelCostMinor: 0,
      startsAt: new Date(Date.now() + 2 * HOUR).toISOString(), endsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
    });
    serve([later]);
    await renderScreen(<ReservePage />, `/reserve?id=${later.id}`);
    expect((await screen.findByTestId('reservation-countdown')).textContent).toMatch(/^Begins in(1:59:5\d|2:00:00)$/);
    expect(screen.queryByTestId('reservation-start')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('reservation-cancel'));
    expect((await screen.findByTestId('reserve-cancel-cost')).textContent).toBe('Cancelling now is free: it has not begun.');
  });

  it.each([
    [{ status: 'completed', transactionId: 42 } as const, 'You started charging on it.'],
    [{ status: 'expired' } as const, 'It ended unused.'],
    [{ status: 'failed', failReason: 'offline', begunAt: null, costMinor: 0 } as const, 'The station is offline and could not be asked to hold the connector.'],
  ])('shows how a past reservation ended (%o), with its receipt', async (patch, text) => {
    const past = buildReservation({ ...patch, endedAt: '2026-11-20T10:15:00.000Z', receiptId: 'r-5' });
    serve([past]);
    await renderScreen(<ReservePage />, `/reserve?id=${past.id}`);
    expect((await screen.findByTestId('reservation-ended')).textContent).toContain(text);
    expect(screen.getByTestId('reservation-receipt').getAttribute('href')).toBe('/receipt/r-5');
    expect(screen.queryByTestId('reservation-cancel')).toBeNull();
    expect(screen.queryByTestId('reservation-countdown')).toBeNull();
    if (patch.status === 'completed') expect(screen.getByTestId('reservation-session').getAttribute('href')).toBe('/history?tx=42');
  });

  it('lists the current reservations before the past ones', async () => {
    const current = buildReservation({ id: 'a', endsAt: new Date(Date.now() + 60_000).toISOString() });
    const past = buildReservation({ id: 'b', status: 'expired' });
    serve([current, past]);
    await renderScreen(<ReservePage />, '/reserve');
    const now = await screen.findByTestId('reservation-list-current');
    expect(within(now).getAllByTestId('reservation-item').map((i) => i.dataset.reservationId)).toEqual(['a']);
    expect(within(screen.getByTestId('reservation-list-past')).getAllByTestId('reservation-item').map((i) => i.dataset.reservationId)).toEqual(['b']);
  });
});
