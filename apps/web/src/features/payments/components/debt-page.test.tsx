import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { openAcquirerPage } from '@/lib/acquirer-page';
import { buildBalance, buildPaymentCard, buildPaymentResult } from '../testing/payment-builders';
import { DebtPage } from './debt-page';

vi.mock('@/lib/acquirer-page', () => ({ openAcquirerPage: vi.fn() }));

const card = buildPaymentCard();
const inDebt = buildBalance({ balanceMinor: -34_500, debtMinor: 34_500, refundableMinor: 0 });

function serve(balances: unknown[], extra: FetchRoute[] = []) {
  let asked = 0;
  const server = routeFetch([
    ...extra,
    { path: '/api/balance', reply: () => jsonResponse(200, balances[Math.min(asked++, balances.length - 1)]) },
    { path: '/api/cards', reply: () => jsonResponse(200, { items: [card] }) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  startSession(buildClient('tok'));
  vi.mocked(openAcquirerPage).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('DebtPage', () => {
  it('pays the whole debt by the default card and says the start is unblocked', async () => {
    const server = serve([inDebt, buildBalance({ refundableMinor: 0, balanceMinor: 0 })], [
      { method: 'POST', path: '/api/debt/pay', reply: () => jsonResponse(201, buildPaymentResult({ orderType: 'PayDebt', amountMinor: 34_500 })) },
    ]);
    await renderScreen(<DebtPage />, '/debt');
    expect((await screen.findByTestId('debt-amount')).textContent).toBe('₽345.00');
    expect(screen.getByTestId('debt-summary').textContent).toContain('Unpaid orders or debt block continuing');
    const submit = screen.getByTestId('debt-submit');
    expect(submit.textContent).toBe('Pay ₽345.00');
    await waitFor(() => expect((within(screen.getByTestId('pay-with')).getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true));
    await userEvent.setup().click(submit);
    const paid = await screen.findByTestId('debt-paid');
    expect(paid.textContent).toContain('Starting a session is unblocked');
    expect(within(paid).getByTestId('debt-to-map').getAttribute('href')).toBe('/');
    expect(server.sent.find((r) => r.method === 'POST')?.body).toEqual({ cardId: card.id });
  });

  it("shows a declined card's reason and keeps the debt in view", async () => {
    serve([inDebt], [
      { method: 'POST', path: '/api/debt/pay', reply: () => jsonResponse(201, buildPaymentResult({ orderType: 'PayDebt', status: 'failed', errorCode: 'ACQ2' })) },
    ]);
    await renderScreen(<DebtPage />, '/debt');
    await userEvent.setup().click(await screen.findByTestId('debt-submit'));
    expect((await screen.findByTestId('debt-error')).textContent).toContain('The bank declined the payment');
    expect(screen.getByTestId('debt-amount')).toBeTruthy();
    expect(screen.queryByTestId('debt-paid')).toBeNull();
  });

  it("goes to the acquirer's page with another card", async () => {
    const server = serve([inDebt], [
      { method: 'POST', path: '/api/debt/pay', reply: () => jsonResponse(201, buildPaymentResult({ orderType: 'PayDebt', status: 'pending', redirectUrl: 'https://acquirer.example/pay/3' })) },
    ]);
    await renderScreen(<DebtPage />, '/debt');
    const ui = userEvent.setup();
    await ui.click(await screen.findByTestId('pay-with-another'));
    await ui.click(screen.getByTestId('debt-submit'));
    await waitFor(() => expect(openAcquirerPage).toHaveBeenCalledWith('https://acquirer.example/pay/3'));
    expect(server.sent.find((r) => r.method === 'POST')?.body).toEqual({ cardId: null, saveCard: false });
  });

  it('is calm when there is nothing to pay', async () => {
    serve([buildBalance()]);
    await renderScreen(<DebtPage />, '/debt');
    const none = await screen.findByTestId('debt-none');
    expect(within(none).getByRole('heading').textContent).toBe('Nothing to pay');
    expect(screen.queryByTestId('debt-form')).toBeNull();
  });
});
