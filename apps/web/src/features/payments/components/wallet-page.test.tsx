import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { openAcquirerPage } from '@/lib/acquirer-page';
import { buildBalance, buildOperation, buildPaymentCard, buildPaymentResult } from '../testing/payment-builders';
import { WalletPage } from './wallet-page';

vi.mock('@/lib/acquirer-page', () => ({ openAcquirerPage: vi.fn() }));

const card = buildPaymentCard();

type Serve = { balance?: unknown; operations?: unknown[]; total?: number; extra?: FetchRoute[] };

function serve({ balance = buildBalance(), operations = [], total = operations.length, extra = [] }: Serve = {}) {
  const server = routeFetch([
    ...extra,
    { path: '/api/balance', reply: () => jsonResponse(200, balance) },
    { path: '/api/cards', reply: () => jsonResponse(200, { items: [card] }) },
    {
      path: '/api/balance/operations',
      reply: (request) => {
        const offset = Number(request.url.searchParams.get('offset'));
        return jsonResponse(200, { items: operations.slice(offset, offset + 20), total });
      },
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const posts = (server: ReturnType<typeof serve>, path: string) => server.sent.filter((r) => r.method === 'POST' && r.url.pathname === path);

beforeEach(() => {
  startSession(buildClient('tok'));
  vi.mocked(openAcquirerPage).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('WalletPage', () => {
  it('tops up by the default card in minor units and says so', async () => {
    const server = serve({
      extra: [{ method: 'POST', path: '/api/balance/topup', reply: () => jsonResponse(201, buildPaymentResult({ amountMinor: 125_050 })) }],
    });
    await renderScreen(<WalletPage />, '/balance');
    expect((await screen.findByTestId('wallet-balance-amount')).textContent).toBe('₽1,500.50');
    expect(screen.getByTestId('topup-max').textContent).toBe('Up to ₽50,000.00 at a time. The final result may differ by 10%–15%.');
    const ui = userEvent.setup();
    await ui.type(screen.getByTestId('topup-amount'), '1250,5');
    // The default card is chosen before the driver does anything.
    await waitFor(() => expect((within(screen.getByTestId('pay-with')).getAllByRole('radio')[0] as HTMLInputElement).checked).toBe(true));
    expect(screen.getByTestId('topup-submit').textContent).toBe('Top up by ₽1,250.50');
    await ui.click(screen.getByTestId('topup-submit'));
    expect((await screen.findByTestId('topup-success')).textContent).toBe('The balance is topped up by ₽1,250.50.');
    expect(posts(server, '/api/balance/topup')[0]?.body).toEqual({ amountMinor: 125_050, cardId: card.id });
    // The balance is read again after the money moved.
    await waitFor(() => expect(server.sent.filter((r) => r.url.pathname === '/api/balance').length).toBeGreaterThanOrEqual(2));
  });

  it('a double tap and a retry after a lost answer are one payment (one Idempotency-Key); the next top-up is another', async () => {
    const keys: string[] = [];
    let answers = 0;
    serve({
      extra: [{
        method: 'POST', path: '/api/balance/topup',
        reply: (_request, init) => {
          keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
          answers += 1;
          if (answers <= 2) throw new TypeError('Failed to fetch');
          return jsonResponse(201, buildPaymentResult({ amountMinor: 100_000 }));
        },
      }],
    });
    await renderScreen(<WalletPage />, '/balance');
    const ui = userEvent.setup();
    await ui.type(await screen.findByTestId('topup-amount'), '1000');
    const form = screen.getByTestId('topup-form');
    // Two taps before the screen re-renders: both requests carry the same key.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(await screen.findByTestId('topup-error')).toBeTruthy();
    // The answer never came: the retry is the same intent.
    await ui.click(screen.getByTestId('topup-submit'));
    expect((await screen.findByTestId('topup-success')).textContent).toBe('The balance is topped up by ₽1,000.00.');
    await ui.type(screen.getByTestId('topup-amount'), '1000');
    await ui.click(screen.getByTestId('topup-submit'));
    await waitFor(() => expect(keys).toHaveLength(4));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('puts a quick amount into the field', async () => {
    serve();
    await renderScreen(<WalletPage />, '/balance');
    const chips = await screen.findAllByTestId('topup-chip');
    expect(chips.map((chip) => chip.textContent)).toEqual(['₽500', '₽1,000', '₽2,000', '₽5,000']);
    await userEvent.setup().click(chips[1]!);
    expect((screen.getByTestId('topup-amount') as HTMLInputElement).value).toBe('1000');
    expect(chips[1]!.getAttribute('aria-pressed')).toBe('true');
  });

  it.each([
    ['0', 'Enter an amount greater than 0'],
    ['12.345', 'Enter an amount greater than 0'],
    // SPEC §5: text that is no number at all has the number format error.
    ['abc', 'Enter a number'],
    ['50000.01', 'At most ₽50,000.00 at a time'],
  ])('refuses %s with the rule and sends nothing', async (amount, text) => {
    const server = serve();
    await renderScreen(<WalletPage />, '/balance');
    const ui = userEvent.setup();
    await ui.type(await screen.findByTestId('topup-amount'), amount);
    await ui.click(screen.getByTestId('topup-submit'));
    expect((await screen.findByTestId('topup-amount-error')).textContent).toBe(text);
    expect(posts(server, '/api/balance/topup')).toHaveLength(0);
  });

  it("shows a declined card's reason (ACQ1) in words", async () => {
    serve({
      extra: [{ method: 'POST', path: '/api/balance/topup', reply: () => jsonResponse(201, buildPaymentResult({ status: 'failed', errorCode: 'ACQ1' })) }],
    });
    await renderScreen(<WalletPage />, '/balance');
    const ui = userEvent.setup();
    await ui.type(await screen.findByTestId('topup-amount'), '1000');
    await ui.click(screen.getByTestId('topup-submit'));
    const alert = await screen.findByTestId('topup-error');
    expect(alert.textContent).toContain('The bank declined the payment');
    expect(alert.textContent).toContain('The card has insufficient funds. Top it up or use another card.');
  });

  it('shows the reason when the server answers the decline as an error too', async () => {
    serve({
      extra: [{ method: 'POST', path: '/api/balance/topup', reply: () => jsonResponse(402, { code: 'ACQ1', message: 'Insufficient funds' }) }],
    });
    await renderScreen(<WalletPage />, '/balance');
    const ui = userEvent.setup();
    await ui.type(await screen.findByTestId('topup-amount'), '1000');
    await ui.click(screen.getByTestId('topup-submit'));
    expect((await screen.findByTestId('topup-error')).textContent).toContain('The card has insufficient funds.');
  });

  it("pays with another card on the acquirer's page and can keep it", async () => {
    const server = serve({
      extra: [{
        method: 'POST', path: '/api/balance/topup',
        reply: () => jsonResponse(201, buildPaymentResult({ status: 'pending', redirectUrl: 'https://acquirer.example/pay/2', card: null })),
      }],
    });
    await renderScreen(<WalletPage />, '/balance');
    const ui = userEvent.setup();
    await ui.type(await screen.findByTestId('topup-amount'), '500');
    await ui.click(await screen.findByTestId('pay-with-another'));
    await ui.click(screen.getByTestId('pay-with-save'));
    await ui.click(screen.getByTestId('topup-submit'));
    await waitFor(() => expect(openAcquirerPage).toHaveBeenCalledWith('https://acquirer.example/pay/2'));
    expect(posts(server, '/api/balance/topup')[0]?.body).toEqual({ amountMinor: 50_000, cardId: null, saveCard: true });
  });

  it('puts the debt first, with the way to pay it', async () => {
    serve({ balance: buildBalance({ balanceMinor: -34_500, debtMinor: 34_500, refundableMinor: 0 }) });
    await renderScreen(<WalletPage />, '/balance');
    const debt = await screen.findByTestId('wallet-debt');
    expect(within(debt).getByTestId('wallet-debt-amount').textContent).toBe('₽345.00');
    expect(within(debt).getByTestId('wallet-pay-debt').getAttribute('href')).toBe('/debt');
    expect(screen.queryByTestId('refund')).toBeNull();
  });

  it("shows a company's balance read-only", async () => {
    serve({ balance: buildBalance({ isCompany: true }) });
    await renderScreen(<WalletPage />, '/balance');
    expect((await screen.findByTestId('wallet-balance')).textContent).toContain('Company balance');
    expect(screen.getByTestId('wallet-company-note')).toBeTruthy();
    expect(screen.queryByTestId('topup-form')).toBeNull();
    expect(screen.queryByTestId('refund')).toBeNull();
  });

  it('returns money to the cards after a confirmation, up to what may go back', async () => {
    const server = serve({
      extra: [{ method: 'POST', path: '/api/balance/refund', reply: () => jsonResponse(201, { refundedMinor: 40_000, operations: [] }) }],
    });
    await renderScreen(<WalletPage />, '/balance');
    const ui = userEvent.setup();
    await ui.click(await screen.findByTestId('refund-open'));
    const amount = await screen.findByTestId('refund-amount');
    expect((amount as HTMLInputElement).value).toBe('1000');
    await ui.clear(amount);
    await ui.type(amount, '1000.01');
    await ui.click(screen.getByTestId('refund-confirm'));
    expect((await screen.findByTestId('refund-amount-error')).textContent).toBe('You can return at most ₽1,000.00');
    expect(posts(server, '/api/balance/refund')).toHaveLength(0);
    await ui.clear(amount);
    await ui.type(amount, '400');
    await ui.click(screen.getByTestId('refund-confirm'));
    expect((await screen.findByTestId('refund-success')).textContent).toBe('₽400.00 is on its way back to your cards.');
    expect(posts(server, '/api/balance/refund')[0]?.body).toEqual({ amountMinor: 40_000 });
  });

  it('lists the operations with type, sign, status, card, date and receipt, a page at a time', async () => {
    const operations = [
      buildOperation({ id: 'op-a', receiptId: 'r-9' }),
      buildOperation({ id: 'op-b', type: 'SessionCharge', direction: 'out', amountMinor: 45_000, card: null, transactionId: 1042 }),
      buildOperation({ id: 'op-c', type: 'TopUpBalance', status: 'failed', errorCode: 'ACQ1' }),
      ...Array.from({ length: 20 }, (_, index) => buildOperation({ id: `op-more-${index}`, type: 'Refund', direction: 'out' })),
    ];
    serve({ operations });
    await renderScreen(<WalletPage />, '/balance');
    const list = await screen.findByTestId('operations-list');
    const [topUp, session, failed] = within(list).getAllByTestId('operation') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(topUp).getByTestId('operation-type').textContent).toBe('Balance top-up');
    expect(within(topUp).getByTestId('operation-amount').textContent).toBe('Credited +₽1,000.00');
    expect(within(topUp).getByTestId('operation-status').textContent).toBe('Done');
    expect(within(topUp).getByTestId('operation-card').textContent).toContain('Visa •••• 4242');
    expect(within(topUp).getByRole('time').textContent).toMatch(/^May 12, 2025/);
    expect(within(topUp).getByTestId('operation-receipt').getAttribute('href')).toBe('/receipt/r-9');
    expect(within(session).getByTestId('operation-type').textContent).toBe('Session paid from the balance');
    expect(within(session).getByTestId('operation-amount').textContent).toBe('Debited −₽450.00');
    expect(within(session).getByTestId('operation-session').getAttribute('href')).toBe('/history?tx=1042');
    expect(within(failed).getByTestId('operation-status').textContent).toBe('Declined');
    expect(within(failed).getByTestId('operation-reason').textContent).toContain('insufficient funds');
    expect(within(list).getAllByTestId('operation')).toHaveLength(20);
    await userEvent.setup().click(screen.getByTestId('operations-more'));
    await waitFor(() => expect(within(list).getAllByTestId('operation')).toHaveLength(23));
    expect(screen.queryByTestId('operations-more')).toBeNull();
  });
});
