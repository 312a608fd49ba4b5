import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Company } from '@evcharge/api/companies/companies';
import { clearSession, getSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { MultiaccountPage } from './multiaccount-page';

const fleet: Company = {
  id: '7d1c3a52-0b8e-4f4a-9c51-2a6f7e9b1c01',
  name: 'EV Logistics LLC',
  role: 'owner',
  currency: 'rub',
  balanceMinor: 5_000_000,
  notificationType: 'Telegram',
  notificationContact: '@ev_logistics',
  isActive: false,
};
const empty: Company = {
  ...fleet,
  id: '9a7e0c1d-3b2f-4e6a-8d5c-1f0e2d3c4b5a',
  name: 'Taxi Co',
  role: 'member',
  balanceMinor: 0,
  notificationType: 'Email',
  notificationContact: null,
};

function serve(options: { switchFails?: boolean; switchAnswered?: Promise<void> } = {}) {
  let user = buildClient('tok').user;
  const server = routeFetch([
    { path: '/api/companies', reply: () => jsonResponse(200, { items: [fleet, empty] }) },
    { path: '/api/users/self', reply: () => jsonResponse(200, user) },
    {
      method: 'PUT',
      path: '/api/users/change/multiaccount',
      reply: async (request) => {
        await options.switchAnswered;
        if (options.switchFails)
          return jsonResponse(402, {
            code: 'COMPANY_BALANCE_INSUFFICIENT',
            message: 'Company balance empty or insufficient',
          });
        const body = request.body as { accountType: 'PERSONAL' | 'CORPORATE'; companyId?: string };
        const company = [fleet, empty].find((c) => c.id === body.companyId);
        user = {
          ...user,
          accountType: body.accountType,
          activeCompany: company ? { id: company.id, name: company.name } : null,
        };
        return jsonResponse(200, user);
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

describe('MultiaccountPage', () => {
  it('lists the personal profile and the companies with balance, role and contact', async () => {
    serve();
    await renderScreen(<MultiaccountPage />, '/multiaccount');
    const personal = await screen.findByTestId('multiaccount-personal');
    expect(within(personal).getByRole('radio')).toHaveProperty('checked', true);
    expect(personal.textContent).toContain('Personal profile');
    expect(personal.textContent).toMatch(/Balance: .*1,500\.50/);
    const company = screen.getByTestId(`multiaccount-company-${fleet.id}`);
    expect(company.textContent).toContain('EV Logistics LLC');
    expect(company.textContent).toMatch(/Balance: .*50,000\.00/);
    expect(company.textContent).toContain('You own this company');
    expect(company.textContent).toContain('Company notifications: Telegram @ev_logistics');
    const broke = screen.getByTestId(`multiaccount-company-${empty.id}`);
    expect(broke.textContent).toContain('You are a member of this company');
  });

  it('switches to a company: the call, the stored user (header chip) and the confirmation', async () => {
    const server = serve();
    await renderScreen(<MultiaccountPage />, '/multiaccount');
    const company = await screen.findByTestId(`multiaccount-company-${fleet.id}`);
    await userEvent.setup().click(within(company).getByRole('radio'));
    await waitFor(() =>
      expect(screen.getByTestId('multiaccount-switched').textContent).toBe(
        'Charging is now paid by: EV Logistics LLC',
      ),
    );
    const sent = server.sent.filter((r) => r.url.pathname === '/api/users/change/multiaccount');
    expect(sent.map((r) => [r.method, r.body])).toEqual([
      ['PUT', { accountType: 'CORPORATE', companyId: fleet.id }],
    ]);
    expect(getSession()?.user.activeCompany).toEqual({ id: fleet.id, name: 'EV Logistics LLC' });
    await waitFor(() => expect(within(company).getByRole('radio')).toHaveProperty('checked', true));

    await userEvent
      .setup()
      .click(within(screen.getByTestId('multiaccount-personal')).getByRole('radio'));
    await waitFor(() => expect(getSession()?.user.activeCompany).toBeNull());
    expect(server.sent.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({
      accountType: 'PERSONAL',
    });
  });

  it('a profile chosen while a switch is on its way is switched to once it has settled', async () => {
    let answer = () => {};
    const server = serve({ switchAnswered: new Promise<void>((resolve) => (answer = resolve)) });
    await renderScreen(<MultiaccountPage />, '/multiaccount');
    const company = await screen.findByTestId(`multiaccount-company-${fleet.id}`);
    const user = userEvent.setup();
    await user.click(within(company).getByRole('radio'));
    await waitFor(() => expect(server.sent.some((r) => r.method === 'PUT')).toBe(true));
    // Before the first switch has its answer.
    await user.click(
      within(screen.getByTestId(`multiaccount-company-${empty.id}`)).getByRole('radio'),
    );
    answer();
    await waitFor(() => expect(getSession()?.user.activeCompany?.id).toBe(empty.id));
    const sent = server.sent.filter((r) => r.method === 'PUT').map((r) => r.body);
    expect(sent).toEqual([
      { accountType: 'CORPORATE', companyId: fleet.id },
      { accountType: 'CORPORATE', companyId: empty.id },
    ]);
    await waitFor(() =>
      expect(
        within(screen.getByTestId(`multiaccount-company-${empty.id}`)).getByRole('radio'),
      ).toHaveProperty('checked', true),
    );
  });

  it('says why a switch failed and keeps the profile', async () => {
    serve({ switchFails: true });
    await renderScreen(<MultiaccountPage />, '/multiaccount');
    const company = await screen.findByTestId(`multiaccount-company-${empty.id}`);
    await userEvent.setup().click(within(company).getByRole('radio'));
    expect((await screen.findByTestId('multiaccount-switch-error')).textContent).toBe(
      'The company balance is empty or too low.',
    );
    expect(getSession()?.user.activeCompany).toBeNull();
    expect(within(screen.getByTestId('multiaccount-personal')).getByRole('radio')).toHaveProperty(
      'checked',
      true,
    );
  });
});
