import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { DRIVER, minutesAgo } from '../../test/builders';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { ContextPanel } from './context-panel';
import { createLiveHub } from './live';

// SPEC §6 support staff: beside a conversation, the driver's running sessions and latest
// sessions. The server counts a running session among the latest (the panel shows what it is
// given): a driver charging for the first time has a latest session, not "none yet".

const user = {
  id: DRIVER,
  name: 'Anna',
  surname: 'Petrova',
  patronymic: null,
  email: 'anna@example.com',
  phone: null,
  isEmailConfirmed: true,
  isPhoneConfirmed: false,
  Lang: 'en',
  accountType: 'PERSONAL',
  currency: 'rub',
  balanceMinor: 50_000,
  debtMinor: 0,
  activeCompany: null,
  privacyPolicyVersion: '1',
};

const running = {
  transactionId: 41,
  status: 'parking',
  station: {
    id: 'st-1',
    code: 'MOW000011',
    name: 'Tverskaya 1, the long parking under the shopping centre',
  },
  connector: { id: 'c-1', number: 2 },
  energyWh: 12_500,
  costMinor: 18_750,
  currency: 'rub',
  createdAt: minutesAgo(50),
  startedAt: minutesAgo(49),
  stopReason: null,
};

function serve(context: { activeSessions: unknown[]; lastSessions: unknown[] }) {
  const server = routeFetch([
    {
      path: `/api/admin/support/conversations/${DRIVER}/context`,
      reply: jsonResponse(200, { user, cars: [], ...context }),
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function block(heading: string): HTMLElement {
  return screen.getByRole('heading', { level: 3, name: heading }).closest('section')!;
}

describe('the driver beside a conversation', () => {
  it('shows a first session while it runs, under Charging now and among the last sessions', async () => {
    serve({ activeSessions: [running], lastSessions: [running] });
    render(<ContextPanel userId={DRIVER} hub={createLiveHub()} />);
    await screen.findByText('Anna Petrova');
    for (const heading of ['Charging now', 'Last sessions']) {
      const rows = within(block(heading)).getAllByTestId('console-context-session');
      expect(rows).toHaveLength(1);
      expect(rows[0]!.textContent).toContain('Charging finished, car still plugged in');
    }
    expect(screen.queryByText('No sessions yet.')).toBeNull();
    expect(screen.queryByText('No session is running.')).toBeNull();
  });

  it('says so when the driver has no session at all', async () => {
    serve({ activeSessions: [], lastSessions: [] });
    render(<ContextPanel userId={DRIVER} hub={createLiveHub()} />);
    expect(await screen.findByText('No session is running.')).toBeTruthy();
    expect(screen.getByText('No sessions yet.')).toBeTruthy();
  });
});
