import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { clearSession, startSession } from '@/lib/session';
import { readFromClient } from '@/lib/storage';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { buildPaymentResult } from '../testing/payment-builders';
import { CardRedirectPage } from './card-redirect-page';

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

describe('CardRedirectPage', () => {
  it('asks again while the bank is deciding, then says the balance is topped up', async () => {
    startSession(buildClient('tok'));
    const server = serve([
      buildPaymentResult({ status: 'pending' }),
      buildPaymentResult({ status: 'succeeded', amountMinor: 100_000, receiptId: 'r-1' }),
    ]);
    await renderScreen(<CardRedirectPage />, url);
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
    await renderScreen(<CardRedirectPage />, url);
    const done = await screen.findByTestId('redirect-success');
    expect(within(done).getByTestId('redirect-text').textContent).toBe('Mir •••• 0001 is bound and ready to pay.');
    expect(within(done).getByRole('link', { name: 'My cards' }).getAttribute('href')).toBe('/cards');
  });

  it("shows the bank's reason of a decline in words, and where to try again", async () => {
    startSession(buildClient('tok'));
    serve([buildPaymentResult({ orderType: 'PayDebt', status: 'failed', errorCode: 'ACQ1' })]);
    await renderScreen(<CardRedirectPage />, url);
    const failed = await screen.findByTestId('redirect-failed');
    expect(within(failed).getByRole('heading').textContent).toBe('The debt was not paid');
    expect(within(failed).getByTestId('redirect-reason').textContent).toBe('The card has insufficient funds. Top it up or use another card.');
    expect(within(failed).getByTestId('redirect-retry').getAttribute('href')).toBe('/debt');
  });

  it('asks a signed-out visitor to sign in and comes back here afterwards', async () => {
    const server = serve([buildPaymentResult()]);
    await renderScreen(<CardRedirectPage />, url);
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
    await renderScreen(<CardRedirectPage />, '/cardredirect');
    expect(await screen.findByTestId('redirect-no-operation')).toBeTruthy();
    expect(server.sent).toHaveLength(0);
  });
});
