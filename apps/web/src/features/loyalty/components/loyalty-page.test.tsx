import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { buildLoyaltyCard, loyaltyCompanies } from '@/test/driver-builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { LoyaltyPage } from './loyalty-page';

const [magnit, ecoMiles] = loyaltyCompanies.items;
const pointsCard = buildLoyaltyCard({
  id: '3c2b1a00-0000-4000-8000-0000000000c2', number: '0012345678', name: null, company: ecoMiles!, points: 120, isDefault: false,
});

function serve(cards: unknown[], extra: FetchRoute[] = []) {
  const server = routeFetch([
    ...extra,
    { path: '/api/loyalty-company', reply: () => jsonResponse(200, loyaltyCompanies) },
    { path: '/api/loyalty', reply: () => jsonResponse(200, { items: cards }) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const posted = (server: ReturnType<typeof serve>) => server.sent.filter((r) => r.method === 'POST' && r.url.pathname === '/api/loyalty');

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoyaltyPage', () => {
  it('draws each card with its programme, what it gives, its points, its number in groups and the default mark', async () => {
    serve([buildLoyaltyCard(), pointsCard]);
    await renderScreen(<LoyaltyPage />, '/loyalty_cards');
    const [discount, points] = await screen.findAllByTestId('loyalty-card');
    expect(within(discount!).getByTestId('loyalty-card-company').textContent).toBe('Magnit');
    expect(within(discount!).getByTestId('loyalty-card-name').textContent).toBe('Groceries');
    expect(within(discount!).getByTestId('loyalty-card-benefit').textContent).toBe('5% off charging');
    expect(within(discount!).getByTestId('loyalty-card-number').textContent).toBe('4600 0000 0000 8');
    expect(within(discount!).getByTestId('loyalty-card-default').textContent).toBe('Default');
    expect(within(discount!).queryByTestId('loyalty-card-points')).toBeNull();
    expect(within(points!).getByTestId('loyalty-card-benefit').textContent).toBe('Points per kWh: 2');
    expect(within(points!).getByTestId('loyalty-card-points').textContent).toBe('Points: 120');
    expect(within(points!).queryByTestId('loyalty-card-default')).toBeNull();
    expect(screen.getByTestId('loyalty-add').getAttribute('href')).toBe('/loyalty_cards?card=new');
  });

  it('explains what a card gives when the driver has none', async () => {
    serve([]);
    await renderScreen(<LoyaltyPage />, '/loyalty_cards');
    const empty = await screen.findByTestId('loyalty-empty');
    expect(within(empty).getByRole('heading', { name: 'No loyalty cards yet' })).toBeTruthy();
    expect(empty.textContent).toContain('charging at our stations gets cheaper or earns you points');
    expect(within(empty).getByTestId('loyalty-add').getAttribute('href')).toBe('/loyalty_cards?card=new');
  });

  it('says a number the programme could not have issued is wrong, and sends nothing', async () => {
    const server = serve([]);
    await renderScreen(<LoyaltyPage />, '/loyalty_cards?card=new');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`loyalty-company-${magnit!.id}`));
    const number = screen.getByTestId('loyalty-number');
    expect(number.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByText('Digits: 13, starts with 46')).toBeTruthy();
    // The check digit of 460000000000 is 8, not 9 (GS1 EAN-13).
    await user.type(number, '4600 0000 0000 9');
    await user.click(screen.getByTestId('loyalty-save'));

    const error = await screen.findByTestId('loyalty-number-error');
    expect(error.textContent).toBe('This is not a card number of the chosen programme: check the digits.');
    expect(error.getAttribute('role')).toBe('alert');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(posted(server)).toEqual([]);
  });

  it('adds a card with the number as printed, and goes back to the list', async () => {
    const saved = buildLoyaltyCard({ name: null });
    const server = serve([], [{ method: 'POST', path: '/api/loyalty', reply: () => jsonResponse(201, saved) }]);
    const { router } = await renderScreen(<LoyaltyPage />, '/loyalty_cards?card=new');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`loyalty-company-${magnit!.id}`));
    await user.type(screen.getByTestId('loyalty-number'), '4600-0000-0000-8');
    // The first card becomes the default unless the driver says otherwise.
    expect((screen.getByTestId('loyalty-default') as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByTestId('loyalty-save'));

    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(posted(server).map((r) => r.body)).toEqual([{ companyId: magnit!.id, number: '4600000000008', name: null, isDefault: true }]);
    expect((await screen.findByTestId('loyalty-saved')).textContent).toContain('“Magnit” is saved.');
  });

  it('shows the server’s answer about the number translated on the number, and other failures above the form', async () => {
    const answers = [
      jsonResponse(409, { code: 'LOYALTY_ALREADY_ADDED', message: 'x' }),
      jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }),
    ];
    serve([], [{ method: 'POST', path: '/api/loyalty', reply: () => answers.shift()! }]);
    await renderScreen(<LoyaltyPage />, '/loyalty_cards?card=new');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId(`loyalty-company-${ecoMiles!.id}`));
    await user.type(screen.getByTestId('loyalty-number'), '0012345678');
    await user.click(screen.getByTestId('loyalty-save'));
    expect((await screen.findByTestId('loyalty-number-error')).textContent).toBe('This loyalty card is already added.');
    expect(screen.queryByTestId('loyalty-form-error')).toBeNull();

    await user.click(screen.getByTestId('loyalty-save'));
    const alert = await screen.findByTestId('loyalty-form-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toContain('The service is temporarily unavailable. Try again in a few minutes.');
  });

  it('asks for the programme before anything is sent', async () => {
    const server = serve([]);
    await renderScreen(<LoyaltyPage />, '/loyalty_cards?card=new');
    const user = userEvent.setup();
    await user.type(await screen.findByTestId('loyalty-number'), '4600000000008');
    await user.click(screen.getByTestId('loyalty-save'));
    expect((await screen.findByTestId('loyalty-company-error')).textContent).toBe('Choose the programme of your card');
    expect(posted(server)).toEqual([]);
  });

  it.each([
    ['EAN-13', buildLoyaltyCard(), 'ean13'],
    ['Code 128', pointsCard, 'code128'],
  ] as const)('opens a card large with its number as an %s barcode drawn in SVG', async (_name, card, format) => {
    serve([card]);
    await renderScreen(<LoyaltyPage />, '/loyalty_cards');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('loyalty-card'));
    const dialog = screen.getByTestId('loyalty-card-dialog');
    const barcode = within(dialog).getByTestId('loyalty-barcode');
    expect(barcode.getAttribute('data-format')).toBe(format);
    await waitFor(() => expect(barcode.getAttribute('data-state')).toBe('drawn'));
    const svg = barcode.querySelector('svg')!;
    expect(svg.getAttribute('aria-label')).toBe(`Barcode of card number ${card.number}`);
    // A white ground, then the bars: EAN-13 has 30 bars (GS1), Code 128 many more for 10 digits.
    const rects = [...svg.querySelectorAll('rect')];
    expect(rects[0]!.getAttribute('fill')).toBe('#ffffff');
    expect(rects.length - 1).toBeGreaterThanOrEqual(format === 'ean13' ? 30 : 20);
    expect(within(dialog).getByTestId('loyalty-show-number').textContent).toBe(card === pointsCard ? '0012 3456 78' : '4600 0000 0000 8');
  });

  it('keeps the screen lit while a card is shown, and lets it go when the card is closed', async () => {
    const release = vi.fn(() => Promise.resolve());
    const request = vi.fn(() => Promise.resolve({ release }));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { wakeLock: { request } }));
    serve([buildLoyaltyCard()]);
    await renderScreen(<LoyaltyPage />, '/loyalty_cards');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('loyalty-card'));
    expect(request).toHaveBeenCalledWith('screen');
    await user.click(within(screen.getByTestId('loyalty-card-dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(release).toHaveBeenCalledTimes(1));
  });

  it('makes a card the default, changes its name and number, and removes one only after asking', async () => {
    const cards = [buildLoyaltyCard(), pointsCard];
    const server = serve(cards, [
      { method: 'PUT', path: `/api/loyalty/${pointsCard.id}`, reply: (request) => jsonResponse(200, { ...pointsCard, ...(request.body as object) }) },
      { method: 'DELETE', path: `/api/loyalty/${pointsCard.id}`, reply: () => (cards.splice(1), jsonResponse(200, { ok: true })) },
    ]);
    const { router } = await renderScreen(<LoyaltyPage />, '/loyalty_cards');
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('loyalty-make-default'));
    await waitFor(() => expect(server.sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ isDefault: true }]));

    await router.navigate(`/loyalty_cards?card=${pointsCard.id}`);
    const name = await screen.findByTestId('loyalty-name');
    await user.type(name, 'Road trips');
    const number = screen.getByTestId('loyalty-number');
    await user.clear(number);
    await user.type(number, '0099887766');
    await user.click(screen.getByTestId('loyalty-save'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(server.sent.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ name: 'Road trips', number: '0099887766' });

    const remove = (await screen.findAllByTestId('loyalty-remove'))[1]!;
    await user.click(remove);
    const dialog = within(remove.closest('li')!).getByTestId('loyalty-delete-dialog');
    expect(within(dialog).getByText(/“EcoMiles” will be removed/)).toBeTruthy();
    expect(server.sent.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByTestId('loyalty-delete-confirm'));
    await waitFor(() => expect(screen.getAllByTestId('loyalty-card')).toHaveLength(1));
    expect(server.sent.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual([`/api/loyalty/${pointsCard.id}`]);
  });
});
