import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { buildStationSummary } from '@/test/driver-builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { FavouritesPage } from './favourites-page';

const first = buildStationSummary({ id: '11111111-1111-4111-8111-111111111111', name: 'Tverskaya 12' });
const second = buildStationSummary({ id: '22222222-2222-4222-8222-222222222222', name: 'Arbat 5', availability: 'busy', freeConnectors: 0, chargeClass: 'slow', maxPowerKw: 22 });

function serve(liked: unknown[], extra: FetchRoute[] = []) {
  const server = routeFetch([...extra, { path: '/api/likedstations', reply: () => jsonResponse(200, { items: liked }) }]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  clearSession();
  startSession(buildClient('tok'));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FavouritesPage', () => {
  it('lists the favourites as the map lists stations, live status included, each a link to its page', async () => {
    serve([first, second]);
    await renderScreen(<FavouritesPage />, '/favourites');
    const items = await screen.findAllByTestId('station-list-item');
    expect(items.map((item) => item.getAttribute('href'))).toEqual([`/detailStation?id=${first.id}`, `/detailStation?id=${second.id}`]);
    expect(items[0]!.textContent).toContain('1 of 2 free');
    expect(items[1]!.textContent).toContain('Busy');
    expect(items[1]!.textContent).toContain('up to 22 kW');
    expect(screen.getByTestId('favourites-count').textContent).toBe('Stations: 2');
    expect(screen.getAllByTestId('favourites-remove').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove Tverskaya 12 from favourites', 'Remove Arbat 5 from favourites',
    ]);
  });

  it('explains the heart when there is nothing yet', async () => {
    serve([]);
    await renderScreen(<FavouritesPage />, '/favourites');
    const empty = await screen.findByTestId('favourites-empty');
    expect(empty.textContent).toContain('Tap the heart');
    expect(within(empty).getByRole('link', { name: 'Find stations on the map' }).getAttribute('href')).toBe('/');
  });

  it('takes a station out at once, and puts it back on undo', async () => {
    const liked = [first, second];
    const server = serve(liked, [
      { method: 'DELETE', path: `/api/likedstations/${first.id}`, reply: () => (liked.splice(0, 1), jsonResponse(200, { ok: true })) },
      { method: 'POST', path: `/api/likedstations/${first.id}`, reply: () => (liked.unshift(first), jsonResponse(200, { ok: true })) },
    ]);
    await renderScreen(<FavouritesPage />, '/favourites');
    const user = userEvent.setup();
    await user.click((await screen.findAllByTestId('favourites-remove'))[0]!);

    expect(screen.getAllByTestId('station-list-item')).toHaveLength(1);
    expect(screen.getByTestId('favourites-removed').textContent).toContain('“Tverskaya 12” is no longer among your favourites.');
    await waitFor(() => expect(server.sent.filter((r) => r.method === 'DELETE')).toHaveLength(1));

    await user.click(screen.getByTestId('favourites-undo'));
    await waitFor(() => expect(screen.getAllByTestId('station-list-item')).toHaveLength(2));
    expect(server.sent.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([`/api/likedstations/${first.id}`]);
    expect(screen.queryByTestId('favourites-removed')).toBeNull();
  });

  it('brings a station back and says so when removing fails', async () => {
    serve([first], [{ method: 'DELETE', path: `/api/likedstations/${first.id}`, reply: () => jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }) }]);
    await renderScreen(<FavouritesPage />, '/favourites');
    await userEvent.setup().click(await screen.findByTestId('favourites-remove'));
    expect((await screen.findByTestId('favourites-change-error')).textContent).toContain('temporarily unavailable');
    expect(screen.getAllByTestId('station-list-item')).toHaveLength(1);
    expect(screen.queryByTestId('favourites-removed')).toBeNull();
  });
});
