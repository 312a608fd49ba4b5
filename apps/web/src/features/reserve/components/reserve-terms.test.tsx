import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient, buildStation } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { buildReserveNow } from '@/test/reserve-builders';
import { ReservePage } from './reserve-page';

// SPEC §3 Reservation, §4 the two modes: before the driver confirms, the screen says what
// cancelling costs. The quick reservation begins at once, so it is never "free before it
// begins": its fixed cost and per-minute cost are named, from the quote the server bills by.

const station = buildStation();
const path = `/reserve?station=${station.id}&connector=1`;

function serve(quote: Parameters<typeof buildReserveNow>[1] = {}) {
  const server = routeFetch([
    { path: `/api/v2/chargestation/${station.id}`, reply: () => jsonResponse(200, station) },
    {
      path: '/api/reserve/socket/c1/now_v2',
      reply: () => jsonResponse(200, buildReserveNow({}, quote)),
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
}

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReserveTerms: what cancelling costs', () => {
  it('names the fixed cost and the cost of a minute for the quick reservation, and "free before it begins" only for a later period', async () => {
    serve({ fixedCostMinor: 5_000, idleMinuteCostMinor: 500, quickMaxCostMinor: 12_500 });
    await renderScreen(<ReservePage />, path);

    const terms = await screen.findByTestId('reserve-cancel-terms');
    expect(terms.textContent).toBe(
      'It begins as soon as you confirm, so cancelling is not free: the fixed cost of ₽50.00 plus ₽5.00 for each minute held.',
    );
    expect(terms.textContent).not.toContain('free before it begins');

    await userEvent.setup().click(screen.getByTestId('reserve-mode-period'));
    await waitFor(() =>
      expect(screen.getByTestId('reserve-cancel-terms').textContent).toBe(
        'Cancelling is free before it begins; after it begins: the fixed cost plus the minutes held.',
      ),
    );
  });

  it("says the quick reservation's cancelling costs nothing where the station charges nothing for holding", async () => {
    serve({ fixedCostMinor: 0, idleMinuteCostMinor: 0, quickMaxCostMinor: 0 });
    await renderScreen(<ReservePage />, path);

    expect((await screen.findByTestId('reserve-cancel-terms')).textContent).toBe(
      'It begins as soon as you confirm; this station charges nothing for holding a connector, so cancelling costs nothing.',
    );
  });

  it("says it in the quote's currency", async () => {
    serve({ fixedCostMinor: 55, idleMinuteCostMinor: 5, quickMaxCostMinor: 130, currency: 'usd' });
    await renderScreen(<ReservePage />, path);

    expect((await screen.findByTestId('reserve-cancel-terms')).textContent).toContain(
      '$0.55 plus $0.05 for each minute held',
    );
  });
});

describe('ReserveTerms: a station priced in another currency (SPEC §3)', () => {
  const dollars = {
    fixedCostMinor: 5_016,
    idleMinuteCostMinor: 456,
    currency: 'rub' as const,
    quickMaxCostMinor: 11_856,
    exchange: {
      currency: 'usd' as const,
      fixedCostMinor: 55,
      idleMinuteCostMinor: 5,
      quickMaxCostMinor: 130,
      rate: '91.2',
    },
  };

  it('says the prices in dollars and what the rouble balance pays, at the brand rate', async () => {
    serve(dollars);
    await renderScreen(<ReservePage />, path);

    expect((await screen.findByTestId('reserve-exchange')).textContent).toBe(
      'The station prices in USD: $0.55 fixed and $0.05 a minute, at most $1.30 ≈ ₽118.56 from your balance at ₽91.20/$.',
    );
    expect(screen.getByTestId('reserve-fixed-cost').textContent).toContain('₽50.16');
    expect(screen.getByTestId('reserve-cancel-terms').textContent).toContain('₽50.16 plus ₽4.56');
  });

  it('refuses for funds in roubles, the currency a top-up adds, not in the station dollars', async () => {
    serve({
      ...dollars,
      payWith: null,
      blockedBy: 'funds',
      balanceMinor: 5_000,
      balanceCurrency: 'rub',
    });
    await renderScreen(<ReservePage />, path);

    const blocked = await screen.findByTestId('reserve-blocked-funds');
    expect(blocked.textContent).toContain(
      'at least ₽100.00 on your balance, or a bound card. You have ₽50.00.',
    );
    expect(blocked.textContent).not.toContain('$');
  });
});
