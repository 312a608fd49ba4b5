import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { markOffline, markOnline } from '@/lib/connection';
import { initI18n, loadNamespaces } from '@/lib/i18n';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { buildCharge, buildChargeDetail } from '@/test/charge-builders';
import { heldUntilAborted, routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { ChargingPage } from './charging-page';
import { OfflineFiguresNote } from './offline-figures-note';

beforeEach(() => {
  markOnline();
  clearSession();
  startSession(buildClient('tok', { id: `driver-${Math.random()}` }));
});

afterEach(() => {
  act(() => markOnline());
  vi.unstubAllGlobals();
});

describe('the live screen offline (SPEC §2)', () => {
  it('keeps the last figures with when they are from, and stopping says it needs a connection', async () => {
    const charge = buildCharge();
    const server = routeFetch([
      { path: '/api/charge', reply: () => jsonResponse(200, { items: [charge], cursor: 0 }) },
      { path: /^\/api\/charge\/id\/\d+$/, reply: () => jsonResponse(200, buildChargeDetail(charge)) },
      { path: /^\/api\/charges\/subscribe\//, reply: heldUntilAborted },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ChargingPage />, '/charging');
    const figures = await screen.findByTestId('live-figures');
    expect(screen.queryByTestId('offline-figures')).toBeNull();
    expect((screen.getByTestId('stop-charge') as HTMLButtonElement).disabled).toBe(false);

    act(() => markOffline());
    expect(within(figures).getByTestId('live-energy').textContent).toBe('12.34kWh');
    expect(screen.getByTestId('offline-figures').textContent).toMatch(/^No connection — figures as of \d{1,2}:\d{2}/);
    expect((screen.getByTestId('stop-charge') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('stop-needs-connection').textContent).toBe('Needs a connection');
    expect(screen.getByTestId('stop-needs-connection').getAttribute('role')).toBe('status');
  });

  it('back online, says it is catching up until newer figures arrive', async () => {
    await initI18n('en');
    await loadNamespaces(['errors']);
    const { rerender } = render(<OfflineFiguresNote receivedAt={1_000} />);
    expect(screen.queryByRole('status')).toBeNull();
    act(() => markOffline());
    expect(screen.getByTestId('offline-figures')).toBeTruthy();
    act(() => markOnline());
    expect(screen.queryByTestId('offline-figures')).toBeNull();
    expect(screen.getByTestId('catching-up').textContent).toBe('Back online: catching up with the station.');
    // Same figures again (a render for another reason): still catching up.
    rerender(<OfflineFiguresNote receivedAt={1_000} />);
    expect(screen.getByTestId('catching-up')).toBeTruthy();
    rerender(<OfflineFiguresNote receivedAt={2_000} />);
    expect(screen.queryByTestId('catching-up')).toBeNull();
  });
});
