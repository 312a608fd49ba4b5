import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MeterAnomaly } from '@evcharge/api/admin/meter-anomalies';
import { startSession } from '../../lib/session';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { MetersSection } from './meters-section';

function anomaly(n: number, patch: Partial<MeterAnomaly> = {}): MeterAnomaly {
  return {
    sessionId: `5e551011-0000-4000-8000-${String(n).padStart(12, '0')}`,
    transactionId: 1000 + n,
    status: 'success',
    station: { id: `station-${n}`, code: `MOW-0000${n}`, name: 'Tverskaya 1' },
    connectorNumber: 2,
    connectorPowerW: 22_000,
    isRoaming: false,
    startedAt: '2026-11-28T10:00:00.000Z',
    stoppedAt: '2026-11-28T10:20:00.000Z',
    foundAt: '2026-11-28T10:02:00.000Z',
    claimedWh: 1_000_000_000_000,
    billedWh: 1_833,
    costMinor: 2_750,
    currency: 'rub',
    ...patch,
  };
}

function serve(all: MeterAnomaly[]) {
  const server = routeFetch([
    {
      path: '/api/admin/meter-anomalies',
      reply: ({ url }) => {
        const page = Number(url.searchParams.get('page') ?? 1);
        const size = Number(url.searchParams.get('pageSize') ?? 20);
        const items = all.slice((page - 1) * size, page * size);
        return jsonResponse(200, { items, total: all.length, page, pageSize: size });
      },
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('meter anomalies', () => {
  it('shows each session with its station, connector, the claim against the bill, and pages on', async () => {
    startSession({ accessToken: 'admin-token' });
    const all = Array.from({ length: 25 }, (_, n) => anomaly(n + 1, n === 0 ? { isRoaming: true } : {}));
    const server = serve(all);
    render(<MetersSection />);

    const cards = await screen.findAllByTestId('console-meter-anomaly');
    expect(cards).toHaveLength(20);
    const first = within(cards[0]!);
    expect(first.getByText('MOW-00001 · Tverskaya 1')).toBeTruthy();
    expect(first.getByText('Connector 2 · 22 kW')).toBeTruthy();
    expect(first.getByText('Roaming')).toBeTruthy();
    expect(first.getByText('1,000,000,000 kWh')).toBeTruthy();
    expect(cards[0]!.textContent).toContain('1.83 kWh');
    expect(cards[0]!.textContent).toContain('Transaction 1001');
    expect(screen.getByTestId('console-meters-count').textContent).toBe('Sessions: 25');
    expect(server.sent[0]?.authorization).toBe('Bearer admin-token');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findAllByTestId('console-meter-anomaly')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('says so when no meter claimed too much', async () => {
    startSession({ accessToken: 'admin-token' });
    serve([]);
    render(<MetersSection />);
    expect((await screen.findByTestId('console-meters-empty')).textContent).toContain(
      'No meter has claimed more than its connector can deliver.',
    );
  });
});
