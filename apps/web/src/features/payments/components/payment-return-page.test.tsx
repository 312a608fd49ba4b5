import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { clearSession, startSession } from '@/lib/session';
import { readFromClient } from '@/lib/storage';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import en from '@/locales/en/errors.json';
import { buildPaymentResult } from '../testing/payment-builders';
import { PaymentReturnPage } from './payment-return-page';

const operationId = '9d1c2b3a-0000-4000-8000-0000000000aa';
const url = `/cardredirect?operation=${operationId}`;

/** GET /payments/:id answering each of `answers` in turn, the last one from then on. */
function serve(answers: unknown[]) {
  let asked = 0;
  const server = routeFetch([{
    path: `/api/payments/${operationId}`,
    reply: () => jsonResponse(200, answers[Math.min(asked++, answers.length - 1)]),
  }]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('PaymentReturnPage', () => {
  it('asks again while the bank is deciding, then says the balance is topped up', async () => {
    startSession(buildClient('tok'));
    const server = serve([
      buildPaymentResult({ status: 'pending' }),
      buildPaymentResult({ status: 'succeeded', amountMinor: 100_000, receiptId: 'r-1' }),
    ]);
    await renderScreen(<PaymentReturnPage />, url);
    expect(await screen.findByTestId('redirect-checking')).toBeTruthy();
    const done = await screen.findByTestId('redirect-success', {}, { timeout: 5_000 });
    expect(within(done).getByRole('heading').textContent).toBe('Balance topped up');
    expect(within(done).getByTestId('redirect-text').textContent).toBe('The balance is topped up by ₽1,000.00.');
    expect(within(done).getByTestId('redirect-receipt').getAttribute('href')).toBe('/receipt/r-1');
    expect(server.sent.filter((r) => r.url.pathname === `/api/payments/${operationId}`).length).toBeGreaterThanOrEqual(2);
  });

  it('says a bound card is ready, with the way to the cards', async () => {
    startSession(buildClient('tok'));
    serve([buildPaymentResult({ orderType: 'CardBinding', status: 'released', amountMinor: 100, card: { brand: 'mir', last4: '0001' } })]);
    await renderScreen(<PaymentReturnPage />, url);
    const done = await screen.findByTestId('redirect-success');
    expect(within(done).getByTestId('redirect-text').textContent).toBe('Mir •••• 0001 is bound and ready to pay.');
    expect(within(done).getByRole('link', { name: 'My cards' }).getAttribute('href')).toBe('/cards');
  });

  it("shows the bank's reason of a decline in words, and where to try again", async () => {
    startSession(buildClient('tok'));
    serve([buildPaymentResult({ orderType: 'PayDebt', status: 'failed', errorCode: 'ACQ1' })]);
    await renderScreen(<PaymentReturnPage />, url);
    const failed = await screen.findByTestId('redirect-failed');
    expect(within(failed).getByRole('heading').textContent).toBe('The debt was not paid');
    expect(within(failed).getByTestId('redirect-reason').textContent).toBe('The card has insufficient funds. Top it up or use another card.');
    expect(within(failed).getByTestId('redirect-retry').getAttribute('href')).toBe('/debt');
  });

  it('asks a signed-out visitor to sign in and comes back here afterwards', async () => {
    const server = serve([buildPaymentResult()]);
    await renderScreen(<PaymentReturnPage />, url);
    const prompt = await screen.findByTestId('redirect-sign-in');
    const link = within(prompt).getByTestId('redirect-sign-in-link');
    expect(link.getAttribute('href')).toBe('/login');
    link.click();
    expect(readFromClient()).toBe(url);
    expect(server.sent).toHaveLength(0);
  });

  it('explains a return without an operation', async () => {
    startSession(buildClient('tok'));
    const server = serve([buildPaymentResult()]);
    await renderScreen(<PaymentReturnPage />, '/cardredirect');
    expect(await screen.findByTestId('redirect-no-operation')).toBeTruthy();
    expect(server.sent).toHaveLength(0);
  });
});

describe('/callback, after a payment by a card typed on the bank page', () => {
  const callback = `/callback?operation=${operationId}`;
  const errorTexts: Record<string, unknown> = en;

  it('says a shop order is paid, with the way to the order and its receipt', async () => {
    startSession(buildClient('tok'));
    serve([buildPaymentResult({ orderType: 'ShopOrder', status: 'succeeded', amountMinor: 133_000, receiptId: 'r-9', shopOrderId: 'order-1' })]);
    await renderScreen(<PaymentReturnPage />, callback);
    const done = await screen.findByTestId('redirect-success');
    expect(within(done).getByRole('heading').textContent).toBe('Order paid');
    expect(within(done).getByTestId('redirect-text').textContent).toBe('Your order is paid: ₽1,330.00. We will let you know when it is on its way.');
    expect(within(done).getByTestId('redirect-to-order').getAttribute('href')).toBe('/shop?order=order-1');
    expect(within(done).getByTestId('redirect-receipt').getAttribute('href')).toBe('/receipt/r-9');
  });

  it('says a top-up is done, with the way to the wallet', async () => {
    startSession(buildClient('tok'));
    serve([buildPaymentResult({ orderType: 'TopUpBalance', status: 'succeeded', amountMinor: 50_000 })]);
    await renderScreen(<PaymentReturnPage />, callback);
    const done = await screen.findByTestId('redirect-success');
    expect(within(done).getByRole('link', { name: 'Open the wallet' }).getAttribute('href')).toBe('/balance');
  });

  it('keeps asking while the bank decides, for a bounded time, then lets the driver ask', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      startSession(buildClient('tok'));
      const server = serve([buildPaymentResult({ orderType: 'ShopOrder', status: 'pending', shopOrderId: 'order-1' })]);
      await renderScreen(<PaymentReturnPage />, callback);
      expect(await screen.findByTestId('redirect-checking')).toBeTruthy();
      for (let step = 0; step < 30; step++) await vi.advanceTimersByTimeAsync(1_000);
      const pending = await screen.findByTestId('redirect-pending');
      const asked = server.sent.length;
      expect(asked).toBeGreaterThan(5);
      expect(asked).toBeLessThanOrEqual(15);
      // Bounded: no more questions by itself.
      await vi.advanceTimersByTimeAsync(30_000);
      expect(server.sent.length).toBe(asked);
      within(pending).getByTestId('redirect-check').click();
      await waitFor(() => expect(server.sent.length).toBe(asked + 1));
    } finally {
      vi.useRealTimers();
    }
  });

  it.each(Array.from({ length: 23 }, (_, index) => `ACQ${index + 1}`))(
    'a shop order declined with %s says why in words and leads back to the cart',
    async (code) => {
      startSession(buildClient('tok'));
      serve([buildPaymentResult({ orderType: 'ShopOrder', status: 'failed', errorCode: code, shopOrderId: 'order-1' })]);
      await renderScreen(<PaymentReturnPage />, callback);
      const failed = await screen.findByTestId('redirect-failed');
      expect(within(failed).getByRole('heading').textContent).toBe('The order was not paid');
      const reason = within(failed).getByTestId('redirect-reason');
      expect(reason.getAttribute('data-code')).toBe(code);
      expect(reason.textContent).toBe(errorTexts[code]);
      expect(within(failed).getByTestId('redirect-retry').getAttribute('href')).toBe('/shop?view=cart');
    },
  );

  it('a top-up declined goes back to the wallet to try again', async () => {
    startSession(buildClient('tok'));
    serve([buildPaymentResult({ orderType: 'TopUpBalance', status: 'failed', errorCode: 'ACQ5' })]);
    await renderScreen(<PaymentReturnPage />, callback);
    const failed = await screen.findByTestId('redirect-failed');
    expect(within(failed).getByTestId('redirect-reason').textContent).toBe(errorTexts.ACQ5);
    expect(within(failed).getByTestId('redirect-retry').getAttribute('href')).toBe('/balance');
  });
});
