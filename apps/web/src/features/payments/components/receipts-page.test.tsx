import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { buildReceipt } from '../testing/payment-builders';
import { ReceiptsPage } from './receipts-page';

function serve(receipts: unknown[]) {
  const server = routeFetch([{
    path: '/api/receipts',
    reply: (request) => {
      const offset = Number(request.url.searchParams.get('offset'));
      const limit = Number(request.url.searchParams.get('limit'));
      return jsonResponse(200, { items: receipts.slice(offset, offset + limit), total: receipts.length });
    },
  }]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => startSession(buildClient('tok')));

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('ReceiptsPage', () => {
  it('lists receipts with their kind, number, date and amount, each opening the receipt', async () => {
    const receipts = [
      buildReceipt({ id: 'r-1' }),
      buildReceipt({ id: 'r-2', kind: 'top_up', number: 'EV-2025-000124', amountMinor: 100_000, stationName: null, transactionId: null }),
      ...Array.from({ length: 20 }, (_, index) => buildReceipt({ id: `r-more-${index}`, kind: 'refund' })),
    ];
    const server = serve(receipts);
    await renderScreen(<ReceiptsPage />, '/receipts');
    const items = await screen.findAllByTestId('receipt-item');
    expect(items).toHaveLength(20);
    const [session, topUp] = items as [HTMLElement, HTMLElement];
    expect(within(session).getByTestId('receipt-item-kind').textContent).toBe('Charging session');
    expect(session.textContent).toContain('No. EV-2025-000123');
    expect(session.textContent).toContain('Tverskaya 12');
    expect(within(session).getByTestId('receipt-item-amount').textContent).toBe('₽600.00');
    expect(session.getAttribute('href')).toBe('/receipt/r-1');
    expect(within(topUp).getByTestId('receipt-item-kind').textContent).toBe('Balance top-up');
    await userEvent.setup().click(screen.getByTestId('receipts-more'));
    await waitFor(() => expect(screen.getAllByTestId('receipt-item')).toHaveLength(22));
    expect(server.sent.map((r) => r.url.searchParams.get('offset'))).toEqual(['0', '20']);
  });

  it('names a session’s correction by its kind', async () => {
    serve([
      buildReceipt({
        id: 'r-adjust',
        kind: 'session_adjustment',
        amountMinor: 1_500,
        vatMinor: 250,
        items: [{ code: 'session_returned', title: "Returned by the meter's final reading", quantity: 1, unit: 'pcs', unitPriceMinor: 1_500, amountMinor: 1_500, vatRatePercent: 20, vatMinor: 250 }],
      }),
    ]);
    await renderScreen(<ReceiptsPage />, '/receipts');
    const [item] = await screen.findAllByTestId('receipt-item');
    expect(within(item!).getByTestId('receipt-item-kind').textContent).toBe('Session correction');
    expect(within(item!).getByTestId('receipt-item-amount').textContent).toBe('₽15.00');
    expect(item!.textContent).toContain('Tverskaya 12');
  });

  it('explains where receipts come from when there are none', async () => {
    serve([]);
    await renderScreen(<ReceiptsPage />, '/receipts');
    expect(within(await screen.findByTestId('receipts-empty')).getByRole('heading').textContent).toBe('No receipts yet');
  });
});
