import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { openAcquirerPage } from '@/lib/acquirer-page';
import { buildPaymentCard, buildPaymentResult } from '../testing/payment-builders';
import { CardsPage } from './cards-page';

vi.mock('@/lib/acquirer-page', () => ({ openAcquirerPage: vi.fn() }));

const visa = buildPaymentCard();
const blocked = buildPaymentCard({
  id: '7c0e6a52-1c1d-4f0a-9a55-000000000002', brand: 'mastercard', last4: '5454', bank: null, status: 'blocked', isDefault: false,
});
const processing = buildPaymentCard({
  id: '7c0e6a52-1c1d-4f0a-9a55-000000000003', brand: 'mir', last4: '0001', bank: 'Sber', status: 'processing', isDefault: false,
});

function serve(cards: unknown[], { phoneConfirmed = true, extra = [] as FetchRoute[] } = {}) {
  const client = buildClient('tok', { isPhoneConfirmed: phoneConfirmed });
  startSession(client);
  const server = routeFetch([
    ...extra,
    { path: '/api/cards', reply: () => jsonResponse(200, { items: cards }) },
    { path: '/api/users/self', reply: () => jsonResponse(200, client.user) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  vi.mocked(openAcquirerPage).mockClear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('CardsPage', () => {
  it('shows each card with its scheme, last digits, bank, expiry, default mark and bank status', async () => {
    serve([visa, blocked, processing]);
    await renderScreen(<CardsPage />, '/cards');
    const items = await screen.findAllByTestId('card-item');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByTestId('card-number').textContent).toContain('Visa •••• 4242');
    expect(within(first).getByTestId('card-bank').textContent).toBe('Demo Bank');
    expect(within(first).getByTestId('card-expiry').textContent).toBe('Valid until 08/99');
    expect(within(first).getByTestId('card-default').textContent).toContain('Default');
    expect(within(first).getByTestId('card-status').textContent).toContain('Linked');
    expect(within(first).queryByTestId('card-make-default')).toBeNull();
    expect(within(second).getByTestId('card-status').textContent).toContain('Card blocked by the bank');
    expect(within(second).queryByTestId('card-make-default')).toBeNull();
    expect(within(third).getByTestId('card-status').textContent).toContain('Being processed by the bank');
    // The balance is one tap away.
    expect((await screen.findByTestId('wallet-link-amount')).textContent).toBe('₽1,500.50');
    expect(screen.getByTestId('wallet-link').getAttribute('href')).toBe('/balance');
  });

  it('makes a linked card the default one', async () => {
    const other = buildPaymentCard({ id: '7c0e6a52-1c1d-4f0a-9a55-000000000004', last4: '1111', isDefault: false });
    const cards = [visa, other];
    const server = serve(cards, {
      extra: [{
        method: 'PUT', path: `/api/cards/${other.id}/default`,
        reply: () => {
          cards.splice(0, 2, { ...other, isDefault: true }, { ...visa, isDefault: false });
          return jsonResponse(200, cards[0]);
        },
      }],
    });
    await renderScreen(<CardsPage />, '/cards');
    const items = await screen.findAllByTestId('card-item');
    await userEvent.setup().click(within(items[1]!).getByTestId('card-make-default'));
    await waitFor(() => expect(within(screen.getAllByTestId('card-item')[0]!).getByTestId('card-number').textContent).toContain('1111'));
    expect(within(screen.getAllByTestId('card-item')[0]!).getByTestId('card-default')).toBeTruthy();
    expect(within(screen.getAllByTestId('card-item')[1]!).queryByTestId('card-default')).toBeNull();
    expect(server.sent.some((r) => r.method === 'PUT' && r.url.pathname === `/api/cards/${other.id}/default`)).toBe(true);
  });

  it('removes a card only after the driver confirms it', async () => {
    const cards = [visa];
    const server = serve(cards, {
      extra: [{ method: 'DELETE', path: `/api/cards/${visa.id}`, reply: () => {
        cards.length = 0;
        return jsonResponse(200, { ok: true });
      } }],
    });
    await renderScreen(<CardsPage />, '/cards');
    const ui = userEvent.setup();
    await ui.click(await screen.findByTestId('card-remove'));
    const dialog = await screen.findByTestId('remove-card-dialog');
    expect(within(dialog).getByText(/Visa •••• 4242 will be unbound/)).toBeTruthy();
    expect(server.sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await ui.click(within(dialog).getByTestId('remove-card-confirm'));
    await waitFor(() => expect(screen.queryByTestId('card-item')).toBeNull());
    expect(server.sent.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([`/api/cards/${visa.id}`]);
  });

  it('explains binding when there are no cards, and opens the acquirer page to bind one', async () => {
    const server = serve([], {
      extra: [{
        method: 'POST', path: '/api/cards/bind',
        reply: () => jsonResponse(201, buildPaymentResult({ orderType: 'CardBinding', status: 'pending', amountMinor: 0, redirectUrl: 'https://acquirer.example/pay/1', card: null })),
      }],
    });
    await renderScreen(<CardsPage />, '/cards');
    expect(within(await screen.findByTestId('cards-empty')).getByRole('heading', { name: 'No cards yet' })).toBeTruthy();
    await userEvent.setup().click(screen.getByTestId('bind-card-button'));
    await waitFor(() => expect(openAcquirerPage).toHaveBeenCalledWith('https://acquirer.example/pay/1'));
    expect(server.sent.find((r) => r.method === 'POST')?.url.pathname).toBe('/api/cards/bind');
  });

  it('says up front that the phone must be confirmed, and does not let binding start', async () => {
    const server = serve([], { phoneConfirmed: false });
    await renderScreen(<CardsPage />, '/cards');
    const notice = await screen.findByTestId('cards-phone-required');
    expect(within(notice).getByTestId('confirm-phone-link').getAttribute('href')).toBe('/confirmPhone');
    expect((screen.getByTestId('bind-card-button') as HTMLButtonElement).disabled).toBe(true);
    expect(server.sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('shows the translated refusal with the way to confirm the phone when the server says so', async () => {
    serve([visa], {
      extra: [{ method: 'POST', path: '/api/cards/bind', reply: () => jsonResponse(403, { code: 'PHONE_NOT_CONFIRMED', message: 'Phone not confirmed' }) }],
    });
    await renderScreen(<CardsPage />, '/cards');
    await userEvent.setup().click(await screen.findByTestId('bind-card-button'));
    const alert = await screen.findByTestId('bind-phone');
    expect(alert.textContent).toContain('A card can be bound only after your phone number is confirmed.');
    expect(within(alert).getByTestId('confirm-phone-link').getAttribute('href')).toBe('/confirmPhone');
    expect(openAcquirerPage).not.toHaveBeenCalled();
  });
});
