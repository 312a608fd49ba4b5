import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { buildReceipt } from '../testing/payment-builders';
import { ReceiptPage } from './receipt-page';
import { ReceiptsPage } from './receipts-page';

// A receipt's date on the clock its PDF uses (the API's utcOffsetMinutes: the station's for a
// session), with the zone named where the phone's clock differs (lib/station-clock).

// 11:03 UTC: 2:03 PM at the station on UTC+3.
const receipt = buildReceipt({ createdAt: '2025-05-12T11:03:00.000Z', utcOffsetMinutes: 180 });

function serve() {
  vi.stubGlobal(
    'fetch',
    routeFetch([
      { path: `/api/receipts/${receipt.id}`, reply: () => jsonResponse(200, receipt) },
      { path: '/api/receipts', reply: () => jsonResponse(200, { items: [receipt], total: 1 }) },
    ]).fetch,
  );
}

/** The phone's zone, minutes east of UTC. */
const phoneOn = (minutes: number) =>
  vi.spyOn(Date.prototype, 'getTimezoneOffset').mockReturnValue(-minutes);

beforeEach(() => startSession(buildClient('tok')));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

describe('a receipt’s date', () => {
  it('is the station’s 2:03 PM with its zone on a phone on UTC, on the receipt and in the list', async () => {
    phoneOn(0);
    serve();
    const page = await renderScreen(<ReceiptPage />, `/receipt/${receipt.id}`);
    expect((await screen.findByTestId('receipt-date')).textContent).toMatch(
      /^May 12, 2025.*2:03\s?PM \(UTC\+3\)$/,
    );
    page.unmount();
    await renderScreen(<ReceiptsPage />, '/receipts');
    const item = await screen.findByTestId('receipt-item');
    expect(within(item).getByText(/May 12, 2025/).textContent).toMatch(
      /^May 12, 2025, 2:03\s?PM \(UTC\+3\)$/,
    );
  });

  it('names no zone on a phone that keeps the station’s time', async () => {
    phoneOn(180);
    serve();
    await renderScreen(<ReceiptPage />, `/receipt/${receipt.id}`);
    expect((await screen.findByTestId('receipt-date')).textContent).toMatch(/2:03\s?PM$/);
  });

  it('follows the brand’s zone the server gives for a receipt without a station', async () => {
    phoneOn(0);
    vi.stubGlobal(
      'fetch',
      routeFetch([
        {
          path: `/api/receipts/${receipt.id}`,
          reply: () =>
            jsonResponse(200, {
              ...receipt,
              kind: 'top_up',
              stationName: null,
              transactionId: null,
              utcOffsetMinutes: 120,
            }),
        },
      ]).fetch,
    );
    await renderScreen(<ReceiptPage />, `/receipt/${receipt.id}`);
    expect((await screen.findByTestId('receipt-date')).textContent).toMatch(
      /1:03\s?PM \(UTC\+2\)$/,
    );
  });
});
