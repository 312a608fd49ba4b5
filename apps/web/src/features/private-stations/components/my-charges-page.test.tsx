import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrivateStation } from '@evcharge/api/private-stations/private-stations';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { MyChargesPage } from './my-charges-page';

const station: PrivateStation = {
  id: '5a1b0000-0000-4000-8000-000000000001',
  code: 'OVB-00090',
  name: 'Garage charger',
  address: 'Lenina, 5',
  city: 'Novosibirsk',
  utcOffsetMinutes: 420,
  isOnline: true,
  lastSeenAt: '2026-11-23T10:00:00.000Z',
  isShared: true,
  isSharedNow: true,
  connectors: [
    { id: 'c1', number: 1, socketType: 'type2', currentType: 'AC', powerKw: 11, status: 'available', statusCode: 1, statusSince: '2026-11-23T09:00:00.000Z', fault: null },
    { id: 'c2', number: 2, socketType: 'type2', currentType: 'AC', powerKw: 11, status: 'faulted', statusCode: 9, statusSince: '2026-11-23T09:30:00.000Z', fault: { errorCode: 'GroundFailure', info: 'RCD tripped' } },
  ],
  sessions: [
    { transactionId: 42, connectorNumber: 1, isOwn: false, status: 'success', energyWh: 10_000, costMinor: 20_000, currency: 'rub', startedAt: '2026-11-23T08:00:00.000Z', stoppedAt: '2026-11-23T09:00:00.000Z', earnedMinor: 17_000 },
    { transactionId: 41, connectorNumber: 1, isOwn: true, status: 'success', energyWh: 5_000, costMinor: 0, currency: 'rub', startedAt: '2026-11-22T08:00:00.000Z', stoppedAt: '2026-11-22T09:00:00.000Z', earnedMinor: null },
  ],
  earned: [{ currency: 'rub', amountMinor: 17_000 }],
};

function serve(items: PrivateStation[], extra: FetchRoute[] = []) {
  const server = routeFetch([
    ...extra,
    { path: '/api/chargestation/get/private', reply: () => jsonResponse(200, { items, earnings: items.length ? [{ currency: 'rub', amountMinor: 17_000 }] : [] }) },
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

describe('MyChargesPage', () => {
  it('shows each station live: connectors with a fault’s code, sessions, what it earned', async () => {
    serve([station]);
    await renderScreen(<MyChargesPage />, '/myCharges');
    const card = await screen.findByTestId('owner-station');
    expect(within(card).getByRole('heading', { name: 'Garage charger' })).toBeTruthy();
    expect(within(card).getByTestId('owner-online').textContent).toBe('Connected');
    expect(within(card).getByTestId('owner-sharing').textContent).toBe('Shared now');
    const [first, second] = within(card).getAllByTestId('owner-connector');
    expect(within(first!).getByTestId('owner-connector-status').textContent).toBe('Available');
    expect(within(second!).getByTestId('owner-connector-status').textContent).toBe('Faulted');
    expect(within(second!).getByTestId('owner-connector-fault').textContent).toBe('Fault: GroundFailure (RCD tripped)');
    const [others, own] = within(card).getAllByTestId('owner-session');
    expect(others!.textContent).toContain('Another driver');
    expect(within(others!).getByTestId('owner-session-earned').textContent).toBe('You earned ₽170.00');
    expect(own!.textContent).toContain('You');
    expect(own!.textContent).toContain('Free for you');
    expect(within(card).getByTestId('owner-station-earned').textContent).toBe('Earned on this station: ₽170.00');
    expect(screen.getByTestId('owner-earnings-total').textContent).toBe('₽170.00');
    expect(within(card).getByTestId('owner-schedule-link').getAttribute('href')).toBe(`/myCharges?station=${station.id}`);
  });

  it('adds a station by code and secret, and says why one is refused', async () => {
    let added = false;
    const server = serve([], [
      {
        method: 'POST',
        path: '/api/chargestation/private',
        reply: (request) => {
          const body = request.body as { code: string; secret: string };
          if (body.secret !== 'D34B-257D')
            return jsonResponse(403, { code: 'PRIVATE_STATION_WRONG_SECRET', message: 'x', details: { triesLeft: 4 } });
          added = true;
          return jsonResponse(200, station);
        },
      },
    ]);
    await renderScreen(<MyChargesPage />, '/myCharges');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('owner-add'));
    const dialog = await screen.findByTestId('owner-claim-dialog');
    // Both fields are needed; nothing is sent without them.
    await user.click(within(dialog).getByTestId('owner-claim-submit'));
    expect(within(dialog).getAllByText('Obligatory field')).toHaveLength(2);
    await user.type(within(dialog).getByTestId('owner-claim-code'), 'OVB-00090');
    await user.type(within(dialog).getByTestId('owner-claim-secret'), 'WRONG');
    await user.click(within(dialog).getByTestId('owner-claim-submit'));
    expect((await within(dialog).findByTestId('owner-claim-error')).textContent).toBe(
      'The secret does not match this station code. Tries left: 4',
    );
    await user.clear(within(dialog).getByTestId('owner-claim-secret'));
    await user.type(within(dialog).getByTestId('owner-claim-secret'), 'D34B-257D');
    await user.click(within(dialog).getByTestId('owner-claim-submit'));
    expect((await screen.findByTestId('owner-added')).textContent).toContain('Station OVB-00090 is yours now');
    expect(added).toBe(true);
    const posted = server.sent.filter((r) => r.method === 'POST');
    expect(posted.map((r) => r.body)).toEqual([
      { code: 'OVB-00090', secret: 'WRONG' },
      { code: 'OVB-00090', secret: 'D34B-257D' },
    ]);
  }, 30_000);

  it('releases a station after asking, and keeps it when a session runs', async () => {
    let isBusy = true;
    const server = serve([station], [
      {
        method: 'DELETE',
        path: `/api/chargestation/private/${station.id}`,
        reply: () => (isBusy
          ? jsonResponse(409, { code: 'PRIVATE_STATION_BUSY', message: 'x' })
          : jsonResponse(200, { ok: true })),
      },
    ]);
    await renderScreen(<MyChargesPage />, '/myCharges');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('owner-release'));
    const dialog = await screen.findByTestId('owner-release-dialog');
    expect(dialog.textContent).toContain('Garage charger will no longer be yours');
    await user.click(within(dialog).getByTestId('owner-release-confirm'));
    expect((await within(dialog).findByTestId('owner-release-error')).textContent).toBe(
      'A session is running on this station: release it once the session ends.',
    );
    isBusy = false;
    await user.click(within(dialog).getByTestId('owner-release-confirm'));
    await waitFor(() => expect(server.sent.filter((r) => r.method === 'DELETE')).toHaveLength(2));
  });

  it('takes a connector out of service', async () => {
    const server = serve([station], [
      {
        method: 'PUT',
        path: /^\/api\/chargepoint\/c1\/status\/unavailable$/,
        reply: () => jsonResponse(200, { id: 'c1', number: 1, status: 'unavailable', statusCode: 2, statusSince: '2026-11-23T10:00:00.000Z', result: 'Accepted' }),
      },
    ]);
    await renderScreen(<MyChargesPage />, '/myCharges');
    const user = userEvent.setup();
    const [first] = await screen.findAllByTestId('owner-connector');
    await user.click(within(first!).getByTestId('owner-connector-toggle'));
    await waitFor(() => expect(server.sent.some((r) => r.method === 'PUT')).toBe(true));
  });

  it('invites to add one when there is none', async () => {
    serve([]);
    await renderScreen(<MyChargesPage />, '/myCharges');
    const empty = await screen.findByTestId('owner-empty');
    expect(within(empty).getByRole('heading', { name: 'No stations yet' })).toBeTruthy();
    expect(within(empty).getByTestId('owner-add')).toBeTruthy();
  });
});
