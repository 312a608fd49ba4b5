import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Charge } from '@evcharge/api/sessions/charge-schemas';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { buildCharge, buildChargeDetail } from '@/test/charge-builders';
import { heldUntilAborted, routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { ChargingPage } from './charging-page';

// The charging screens read a session's times on its station's clock (UTC+3 here), naming the
// zone where the phone's clock differs (lib/station-clock), as the history and receipts do.

function serve(charge: Charge) {
  const server = routeFetch([
    { path: '/api/charge', reply: () => jsonResponse(200, { items: [charge], cursor: 0 }) },
    {
      path: `/api/charge/id/${charge.transactionId}`,
      reply: () => jsonResponse(200, buildChargeDetail(charge)),
    },
    { path: /^\/api\/charges\/subscribe\//, reply: heldUntilAborted },
  ]);
  vi.stubGlobal('fetch', server.fetch);
}

/** The phone's zone, minutes east of UTC. */
const phoneOn = (minutes: number) =>
  vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-minutes);

const finished = buildCharge({
  status: 'success',
  powerW: null,
  chargingEndedAt: '2026-11-20T10:25:30.000Z',
  stopReason: 'limit',
});

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok', { id: `driver-${Math.random()}` }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('session times on the station’s clock', () => {
  it('dates the summary at the station (1:00 PM, UTC+3) for a phone on UTC, whose clock said 10:00 AM; the chart too', async () => {
    phoneOn(0);
    serve(finished);
    await renderScreen(<ChargingPage />, '/charging');
    const summary = await screen.findByTestId('session-summary');
    expect(within(summary).getByTestId('summary-when').textContent).toBe(
      'Nov 20, 2026, 1:00 PM (UTC+3)',
    );
    const chart = await within(summary).findByTestId('summary-chart');
    expect([...chart.querySelectorAll('time')].map((time) => time.textContent)).toEqual([
      '1:00 PM',
      '1:25 PM',
    ]);
  });

  it('names no zone on a phone that keeps the station’s time', async () => {
    phoneOn(180);
    serve(finished);
    await renderScreen(<ChargingPage />, '/charging');
    expect((await screen.findByTestId('summary-when')).textContent).toBe('Nov 20, 2026, 1:00 PM');
  });

  it('says when a running session should be done on the station’s clock', async () => {
    phoneOn(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    // 10:26 UTC, 18 minutes left: done at about 10:44 UTC, 1:44 PM at the station.
    vi.setSystemTime(new Date('2026-11-20T10:26:00Z'));
    serve(buildCharge());
    await renderScreen(<ChargingPage />, '/charging');
    const remaining = await screen.findByTestId('live-remaining');
    await waitFor(() =>
      expect(remaining.textContent).toMatch(/done at about 1:44\s?PM \(UTC\+3\)$/i),
    );
  });
});
