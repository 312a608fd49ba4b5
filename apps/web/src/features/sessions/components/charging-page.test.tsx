import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Charge, ChargeEvent } from '@evcharge/api/sessions/charge-schemas';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { buildCharge, buildChargeDetail, buildChargeEvent } from '@/test/charge-builders';
import { heldUntilAborted, routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { ChargingPage } from './charging-page';

/** The driver's sessions as the server holds them; the long poll holds unless told otherwise. */
function serve(current: Charge[], extra: FetchRoute[] = [], listCursor = 0) {
  const server = routeFetch([
    ...extra,
    { path: '/api/charge', reply: () => jsonResponse(200, { items: current, cursor: listCursor }) },
    {
      path: /^\/api\/charge\/id\/\d+$/,
      reply: (request) => {
        const id = Number(request.url.pathname.split('/').pop());
        const charge = current.find((c) => c.transactionId === id);
        return charge ? jsonResponse(200, buildChargeDetail(charge)) : jsonResponse(404, { code: 'NOT_FOUND', message: 'x' });
      },
    },
    { path: /^\/api\/charges\/subscribe\//, reply: heldUntilAborted },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok', { id: `driver-${Math.random()}` }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ChargingPage', () => {
  it('shows the running session: figures, status, limit progress, chart, parking notice', async () => {
    serve([buildCharge()]);
    await renderScreen(<ChargingPage />, '/charging');
    const figures = await screen.findByTestId('live-figures');
    expect(within(figures).getByTestId('live-energy').textContent).toBe('12.34kWh');
    expect(within(figures).getByTestId('live-power').textContent).toContain('48.2');
    expect(within(figures).getByTestId('live-cost').textContent).toMatch(/228\.29/);
    expect(within(figures).getByTestId('live-duration').textContent).toContain('25:20');
    expect(within(figures).getByTestId('live-soc').textContent).toContain('56%');
    expect(within(figures).getByTestId('live-remaining').textContent).toContain('18 min');
    expect(screen.getByTestId('session-status').textContent).toBe('Charging');
    expect(screen.getByTestId('limit-progress-text').textContent).toMatch(/228\.29.*of.*500\.00/);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('46');
    // SPEC §9: the parking tariff notice, with the station's free minutes and price.
    expect(screen.getByTestId('parking-notice').textContent).toMatch(/after 10 minutes.*free for 15 min, then .*5\.00 per minute.*at most .*300\.00/);
    await waitFor(() => expect(screen.getByTestId('session-chart').dataset.points).toBe('6'));
    expect(screen.getByTestId('support-link').getAttribute('href')).toBe('/chat?session=7');
  });

  it('parked: the fee runs until the cable is unplugged, with its ceiling; no ceiling, no promise', async () => {
    const parked = { status: 'parking' as const, powerW: null, parkingStartedAt: '2026-11-20T11:02:30.000Z', parkingSeconds: 1_320, parkingCostMinor: 3_500 };
    serve([buildCharge(parked)]);
    const view = await renderScreen(<ChargingPage />, '/charging');
    const card = await screen.findByTestId('parking-card');
    expect(within(card).getByTestId('parking-until-unplugged').textContent).toBe(
      'The fee runs until you unplug the cable: the session ends when the station reports the connector free.',
    );
    expect(within(card).getByTestId('parking-cost').textContent).toMatch(/35\.00/);
    expect(card.textContent).toMatch(/Parking costs at most .*300\.00 in all\./);
    view.unmount();

    serve([buildCharge({ ...parked, parkingFeeCapMinor: null })]);
    await renderScreen(<ChargingPage />, '/charging');
    expect((await screen.findByTestId('parking-card')).textContent).not.toMatch(/at most/);
  });

  it('applies the long poll\'s events from where the list ended: new figures, a new reading on the chart, the cursor sent back', async () => {
    // The server's state moves on with the event; whatever the screen reads later agrees with it.
    const sessions = [buildCharge()];
    const later = buildCharge({ energyWh: 15_000, costMinor: 27_750, powerW: 47_000 });
    const reading = { at: '2026-11-20T10:30:30.000Z', energyWh: 15_000, powerW: 47_000, socPercent: 58 };
    const events: ChargeEvent[] = [buildChargeEvent(41, later, { sample: reading })];
    let polls = 0;
    const server = serve(sessions, [
      {
        path: '/api/charge/id/7',
        reply: () => {
          const detail = buildChargeDetail(sessions[0]);
          return jsonResponse(200, polls > 0 ? { ...detail, samples: [...detail.samples, reading] } : detail);
        },
      },
      {
        path: /^\/api\/charges\/subscribe\//,
        reply: (request, init) => {
          polls += 1;
          if (polls > 1) return heldUntilAborted(request, init);
          sessions[0] = later;
          return jsonResponse(200, { cursor: 41, events });
        },
      },
    ], 30);
    await renderScreen(<ChargingPage />, '/charging');
    await waitFor(() => expect(screen.getByTestId('live-energy').textContent).toBe('15.00kWh'));
    await waitFor(() => expect(screen.getByTestId('session-chart').dataset.points).toBe('7'));
    const asked = server.sent.filter((r) => r.url.pathname.startsWith('/api/charges/subscribe/')).map((r) => r.url.pathname);
    // The first poll starts after the events the list already reflects (cursor 30), not at 0.
    expect(asked.slice(0, 2)).toEqual(['/api/charges/subscribe/0/30', '/api/charges/subscribe/0/41']);
  });

  it('says in words when the meter claimed more than the connector delivers, as soon as the server marks it', async () => {
    const sessions = [buildCharge()];
    const marked = buildCharge({ meterNote: 'implausible' });
    let polls = 0;
    serve(sessions, [
      {
        path: /^\/api\/charges\/subscribe\//,
        reply: (request, init) => {
          polls += 1;
          if (polls > 1) return heldUntilAborted(request, init);
          sessions[0] = marked;
          return jsonResponse(200, { cursor: 42, events: [buildChargeEvent(42, marked, { kind: 'status' })] });
        },
      },
    ]);
    await renderScreen(<ChargingPage />, '/charging');
    const note = await screen.findByTestId('meter-anomaly-note');
    expect(note.textContent).toBe(
      "The charge point's meter reported more energy than this connector can deliver. You pay only for what it could have delivered; we are checking the charge point.",
    );
    expect(note.getAttribute('role')).toBe('status');
  });

  it('asks before stopping, and on STOP_FAILED says so and keeps showing the session as the station reports it', async () => {
    const server = serve([buildCharge()], [
      { method: 'PUT', path: '/api/charge/stop', reply: () => jsonResponse(409, { code: 'STOP_FAILED', message: 'x' }) },
    ]);
    await renderScreen(<ChargingPage />, '/charging');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('stop-charge'));
    await user.click(await screen.findByTestId('stop-confirm'));
    const error = await screen.findByTestId('stop-error');
    expect(error.textContent).toContain('Error stopping charging');
    expect(error.textContent).toContain('Charging could not be stopped.');
    expect(server.sent.find((r) => r.method === 'PUT')?.body).toEqual({ transactionId: 7 });
    expect(screen.getByTestId('session-status').textContent).toBe('Charging');
    // The session is read again after the refusal.
    await waitFor(() => expect(server.sent.filter((r) => r.url.pathname === '/api/charge/id/7').length).toBeGreaterThan(1));
  });

  it('shows a finished session\'s summary until the driver closes it, then goes to the history', async () => {
    const finished = buildCharge({
      status: 'success', powerW: null, costMinor: 26_350, energyWh: 14_000, durationSeconds: 3_720,
      parkingSeconds: 1_320, parkingCostMinor: 3_500, chargingEndedAt: '2026-11-20T11:02:30.000Z', stopReason: 'limit',
    });
    const server = serve([finished], [
      { method: 'PUT', path: '/api/charge/change/user-closed-status/true', reply: () => jsonResponse(200, { ok: true }) },
    ]);
    const { router } = await renderScreen(<ChargingPage />, '/charging');
    const summary = await screen.findByTestId('session-summary');
    expect(within(summary).getByTestId('summary-cost').textContent).toMatch(/263\.50/);
    expect(within(summary).getByTestId('summary-energy').textContent).toContain('14.0 kWh');
    expect(within(summary).getByTestId('summary-duration').textContent).toContain('1 h 02 min');
    expect(within(summary).getByTestId('summary-parking').textContent).toMatch(/22 min.*35\.00/);
    expect(within(summary).getByTestId('summary-reason').textContent).toBe('Ended: your limit was reached');

    await userEvent.setup().click(within(summary).getByTestId('session-close'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/history'));
    expect(server.sent.find((r) => r.method === 'PUT')?.body).toEqual({ transactionId: 7 });
  });

  it('shows the loyalty card\'s discount so far while charging, and the points earned once finished', async () => {
    const magnit = { cardId: 'card-1', companyName: 'Magnit', benefit: { kind: 'discount' as const, percent: 5 }, discountMinor: 1_201, points: null };
    serve([buildCharge({ loyalty: magnit })]);
    const { unmount } = await renderScreen(<ChargingPage />, '/charging');
    const live = await screen.findByTestId('charge-loyalty');
    expect(live.textContent).toBe('Discount so far -₽12.01 by Magnit');
    expect(live.getAttribute('aria-live')).toBe('polite');
    unmount();

    const miles = { cardId: 'card-2', companyName: 'EcoMiles', benefit: { kind: 'points' as const, pointsPerKwh: 2 }, discountMinor: 0, points: 28 };
    serve([buildCharge({ status: 'success', powerW: null, chargingEndedAt: '2026-11-20T11:02:30.000Z', stopReason: 'limit', loyalty: miles })]);
    await renderScreen(<ChargingPage />, '/charging');
    const summary = await screen.findByTestId('session-summary');
    expect(within(summary).getByTestId('charge-loyalty').textContent).toBe('Points earned with EcoMiles: 28');
  });

  it('waits for the car while preparing, with the countdown of the start check', async () => {
    serve([buildCharge({ status: 'preparing', startedAt: null, energyWh: 0, powerW: null, durationSeconds: 0 })], [
      { path: '/api/charges/check/7/timeout', reply: () => jsonResponse(200, { isTimedOut: false, secondsLeft: 75, charge: buildCharge({ status: 'preparing' }) }) },
    ]);
    await renderScreen(<ChargingPage />, '/charging');
    expect((await screen.findByTestId('preparing-session')).textContent).toContain('Plug in the cable');
    expect((await screen.findByTestId('preparing-countdown')).textContent).toContain('1:15 left');
  });

  it('gives the reason of a cancelled start', async () => {
    serve([buildCharge({ status: 'cancelled', startedAt: null, energyWh: 0, costMinor: 0, stopReason: 'timeout' })]);
    await renderScreen(<ChargingPage />, '/charging');
    const reason = await screen.findByTestId('cancel-reason');
    expect(reason.textContent).toContain('the car did not start charging in time');
    expect(reason.textContent).toContain('Nothing was charged.');
  });

  it('switches between several open sessions', async () => {
    serve([buildCharge(), buildCharge({ transactionId: 8, station: { ...buildCharge().station, name: 'Arbat 5' } })]);
    const { router } = await renderScreen(<ChargingPage />, '/charging');
    const tabs = await screen.findAllByTestId('session-tab');
    expect(tabs.map((tab) => tab.dataset.transactionId)).toEqual(['7', '8']);
    expect(tabs[0]!.getAttribute('aria-current')).toBe('page');
    await userEvent.setup().click(tabs[1]!);
    await waitFor(() => expect(screen.getByTestId('charging-page').dataset.transactionId).toBe('8'));
    expect(router.state.location.search).toBe('?tx=8');
    expect(screen.getByTestId('session-station').textContent).toBe('Arbat 5');
  });

  it('says there is no session, with the way to the map', async () => {
    serve([]);
    await renderScreen(<ChargingPage />, '/charging');
    expect((await screen.findByTestId('charging-empty')).textContent).toContain('No charging right now');
    expect(screen.getByTestId('charging-to-map').getAttribute('href')).toBe('/');
  });
});
