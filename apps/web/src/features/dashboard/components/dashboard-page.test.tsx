import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { DashboardPage } from './dashboard-page';

const now = new Date();
const month = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('shows this month\'s totals, a cost per currency, and energy per day', async () => {
    const server = routeFetch([
      {
        path: '/api/charges/summary',
        reply: () => jsonResponse(200, {
          sessions: 7,
          energyWh: 182_400,
          durationSeconds: 5 * 3600 + 25 * 60,
          costs: [{ currency: 'rub', amountMinor: 337_440 }, { currency: 'kzt', amountMinor: 1_250_000 }],
          days: [{ date: `${month}-02`, energyWh: 40_000 }, { date: `${month}-05`, energyWh: 142_400 }],
        }),
      },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<DashboardPage />, '/dashboard');
    await waitFor(() => expect(screen.getByTestId('dashboard-energy').textContent).toContain('182.4 kWh'));
    expect(screen.getByTestId('dashboard-sessions').textContent).toContain('7');
    expect(screen.getByTestId('dashboard-time').textContent).toContain('5 h 25 min');
    const cost = screen.getByTestId('dashboard-cost').textContent ?? '';
    expect(cost).toMatch(/3,374\.40/);
    expect(cost).toMatch(/12,500\.00/);
    expect(screen.getByTestId('dashboard-month').textContent).toMatch(/^This month, /);

    // Every day of the month has a bar; the peak day is full height.
    const bars = screen.getByTestId('energy-bars').querySelectorAll<HTMLElement>('[data-energy]');
    expect(bars).toHaveLength(new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate());
    expect(bars[4]!.dataset.energy).toBe('142400');
    expect((bars[4]!.firstElementChild as HTMLElement).style.height).toBe('100%');

    // The month in the driver's own time: from local midnight of the 1st to the next 1st.
    const query = server.sent[0]!.url.searchParams;
    expect(new Date(query.get('from')!).getTime()).toBe(new Date(now.getFullYear(), now.getMonth(), 1).getTime());
    expect(new Date(query.get('to')!).getTime()).toBe(new Date(now.getFullYear(), now.getMonth() + 1, 1).getTime());
    expect(query.get('offset')).toBe(String(-new Date(now.getFullYear(), now.getMonth(), 1).getTimezoneOffset()));
  });

  it('says so when nothing was charged in the month', async () => {
    vi.stubGlobal('fetch', routeFetch([
      { path: '/api/charges/summary', reply: () => jsonResponse(200, { sessions: 0, energyWh: 0, durationSeconds: 0, costs: [], days: [] }) },
    ]).fetch);
    await renderScreen(<DashboardPage />, '/dashboard?month=2025-02');
    expect((await screen.findByTestId('dashboard-none')).textContent).toBe('No finished sessions in this month.');
    expect(screen.getByTestId('dashboard-month').textContent).toBe('February 2025');
    expect(screen.getByTestId('dashboard-next').getAttribute('href')).toBe('/dashboard?month=2025-03');
  });
});
