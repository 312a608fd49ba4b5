import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { buildReceipt } from '../testing/payment-builders';
import { ReceiptPage } from './receipt-page';

const receipt = buildReceipt();
const path = `/receipt/${receipt.id}`;

function serve(extra: FetchRoute[] = []) {
  const server = routeFetch([...extra, { path: `/api/receipts/${receipt.id}`, reply: () => jsonResponse(200, receipt) }]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => startSession(buildClient('tok')));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

describe('ReceiptPage', () => {
  it("names a shop order's goods as the catalogue named them, and its delivery", async () => {
    const order = buildReceipt({
      kind: 'shop_order', amountMinor: 133_000, vatMinor: 22_167, transactionId: null, stationName: null,
      items: [
        { code: 'shop_item', title: 'RFID-брелок', quantity: 2, unit: 'pcs', unitPriceMinor: 49_000, amountMinor: 98_000, vatRatePercent: 20, vatMinor: 16_333 },
        { code: 'delivery', title: 'Delivery', quantity: 1, unit: 'pcs', unitPriceMinor: 35_000, amountMinor: 35_000, vatRatePercent: 20, vatMinor: 5_833 },
      ],
    });
    vi.stubGlobal('fetch', routeFetch([{ path: `/api/receipts/${receipt.id}`, reply: () => jsonResponse(200, order) }]).fetch);
    await renderScreen(<ReceiptPage />, path);
    const document = await screen.findByTestId('receipt');
    expect(within(document).getByTestId('receipt-kind').textContent).toBe('Shop order');
    expect(within(document).getAllByTestId('receipt-item-title').map((title) => title.textContent)).toEqual(['RFID-брелок', 'Delivery']);
    expect(within(document).getByTestId('receipt-total').textContent).toBe('Total₽1,330.00');
  });

  it('shows the seller, the items with their VAT, the totals and how it was paid', async () => {
    serve();
    await renderScreen(<ReceiptPage />, path);
    const document = await screen.findByTestId('receipt');
    expect(within(document).getByTestId('receipt-number').textContent).toBe('Receipt No. EV-2025-000123');
    expect(within(document).getByTestId('receipt-kind').textContent).toBe('Charging session');
    expect(within(document).getByTestId('receipt-date').textContent).toMatch(/^May 12, 2025/);
    const seller = within(document).getByTestId('receipt-seller');
    for (const text of ['Seller LLC', '7701234567', 'Moscow, Tverskaya St 1', 'receipts@example.com']) expect(seller.textContent).toContain(text);
    const rows = within(document).getAllByTestId('receipt-item-row');
    expect(rows).toHaveLength(2);
    const [energy, parking] = rows as [HTMLElement, HTMLElement];
    expect(within(energy).getByTestId('receipt-item-title').textContent).toBe('Energy');
    expect(energy.textContent).toContain('25.5 kWh');
    expect(energy.textContent).toContain('₽20.00');
    expect(within(energy).getByTestId('receipt-item-vat').textContent).toBe('20%');
    expect(within(energy).getByTestId('receipt-item-amount').textContent).toBe('₽510.00');
    expect(within(parking).getByTestId('receipt-item-title').textContent).toBe('Parking');
    expect(parking.textContent).toContain('18 min');
    expect(within(document).getByTestId('receipt-vat').textContent).toBe('Including VAT 20%₽100.00');
    expect(within(document).getByTestId('receipt-total').textContent).toBe('Total₽600.00');
    expect(within(document).getByTestId('receipt-payment').textContent).toContain('Mastercard •••• 5454');
    expect(within(document).getByTestId('receipt-currency').textContent).toContain('RUB');
    expect(within(document).getByTestId('receipt-session').textContent).toContain('Tverskaya 12');
  });

  it('says "No VAT" for a seller who does not pay it, and names items it has no text for by their title', async () => {
    const noVat = buildReceipt({
      vatMinor: 0, vatRatePercent: null,
      items: [{ code: 'mystery' as 'energy', title: 'Mystery fee', quantity: 1, unit: 'pcs', unitPriceMinor: 60_000, amountMinor: 60_000, vatRatePercent: null, vatMinor: 0 }],
    });
    vi.stubGlobal('fetch', routeFetch([{ path: `/api/receipts/${receipt.id}`, reply: () => jsonResponse(200, noVat) }]).fetch);
    await renderScreen(<ReceiptPage />, path);
    const row = await screen.findByTestId('receipt-item-row');
    expect(within(row).getByTestId('receipt-item-title').textContent).toBe('Mystery fee');
    expect(row.textContent).toContain('1 pcs');
    expect(within(row).getByTestId('receipt-item-vat').textContent).toBe('No VAT');
    expect(screen.getByTestId('receipt-vat').textContent).toBe('Including VATNo VAT');
  });

  it('names a loyalty programme\'s discount and shows it taken off (SPEC §7 Loyalty)', async () => {
    const discounted = buildReceipt({
      amountMinor: 57_450,
      items: [
        { code: 'energy', title: 'Energy', quantity: 25.5, unit: 'kWh', unitPriceMinor: 2_000, amountMinor: 51_000, vatRatePercent: 20, vatMinor: 8_500 },
        { code: 'loyalty_discount', title: 'Loyalty discount', quantity: 1, unit: 'pcs', unitPriceMinor: -2_550, amountMinor: -2_550, vatRatePercent: 20, vatMinor: -425 },
        { code: 'parking', title: 'Parking', quantity: 18, unit: 'min', unitPriceMinor: 500, amountMinor: 9_000, vatRatePercent: 20, vatMinor: 1_500 },
      ],
    });
    vi.stubGlobal('fetch', routeFetch([{ path: `/api/receipts/${receipt.id}`, reply: () => jsonResponse(200, discounted) }]).fetch);
    await renderScreen(<ReceiptPage />, path);
    const rows = await screen.findAllByTestId('receipt-item-row');
    const discount = rows[1]!;
    expect(within(discount).getByTestId('receipt-item-title').textContent).toBe('Loyalty programme discount');
    expect(within(discount).getByTestId('receipt-item-amount').textContent).toBe('-₽25.50');
    expect(discount.getAttribute('data-discount')).toBe('true');
    expect(screen.getByTestId('receipt-total').textContent).toBe('Total₽574.50');
  });

  it('says what a station priced in dollars came to there, and the rate the rouble balance paid it at (SPEC §3)', async () => {
    const paid = buildReceipt({
      amountMinor: 37_200, vatMinor: 6_200, payment: { method: 'balance' },
      exchange: { currency: 'usd', amountMinor: 400, rate: '93' },
      items: [{ code: 'energy', title: 'Energy', quantity: 11.43, unit: 'kWh', unitPriceMinor: 3_255, amountMinor: 37_200, vatRatePercent: 20, vatMinor: 6_200 }],
    });
    vi.stubGlobal('fetch', routeFetch([{ path: `/api/receipts/${receipt.id}`, reply: () => jsonResponse(200, paid) }]).fetch);
    await renderScreen(<ReceiptPage />, path);
    const document = await screen.findByTestId('receipt');
    expect(within(document).getByTestId('receipt-total').textContent).toBe('Total₽372.00');
    expect(within(document).getByTestId('receipt-exchange').textContent).toBe("In the station's currency$4.00 ≈ ₽372.00 at ₽93.00/$");
  });

  it('has no exchange line for a receipt in the currency the station priced in', async () => {
    serve();
    await renderScreen(<ReceiptPage />, path);
    await screen.findByTestId('receipt');
    expect(screen.queryByTestId('receipt-exchange')).toBeNull();
  });

  it('prints the page', async () => {
    serve();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    await renderScreen(<ReceiptPage />, path);
    await userEvent.setup().click(await screen.findByTestId('receipt-print'));
    expect(print).toHaveBeenCalledOnce();
  });

  it('downloads the PDF with the access token and names the file after the receipt', async () => {
    const server = serve([{
      path: `/api/receipts/${receipt.id}/pdf`,
      reply: () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    }]);
    const headers: (Record<string, string> | undefined)[] = [];
    const fetchWithHeaders = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      headers.push(init?.headers as Record<string, string> | undefined);
      return server.fetch(input, init);
    });
    vi.stubGlobal('fetch', fetchWithHeaders);
    const createObjectURL = vi.fn(() => 'blob:receipt');
    // jsdom has no object URLs: the browser's part is stood in for.
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('receipt-EV-2025-000123.pdf');
      expect(this.href).toBe('blob:receipt');
    });
    await renderScreen(<ReceiptPage />, path);
    await userEvent.setup().click(await screen.findByTestId('receipt-download'));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const pdfCall = server.sent.findIndex((r) => r.url.pathname.endsWith('/pdf'));
    expect(headers[pdfCall]?.Authorization).toBe('Bearer tok');
    expect(createObjectURL).toHaveBeenCalledOnce();
  });

  it('says why the PDF did not come', async () => {
    serve([{ path: `/api/receipts/${receipt.id}/pdf`, reply: () => jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'down' }) }]);
    await renderScreen(<ReceiptPage />, path);
    await userEvent.setup().click(await screen.findByTestId('receipt-download'));
    expect((await screen.findByTestId('receipt-download-error')).textContent).toBeTruthy();
  });

  it('shows the error of a receipt that is not there', async () => {
    vi.stubGlobal('fetch', routeFetch([]).fetch);
    await renderScreen(<ReceiptPage />, path);
    expect(await screen.findByTestId('receipt-error')).toBeTruthy();
  });
});
