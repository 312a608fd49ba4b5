import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { favouritesQueryKey } from '@/lib/favourites-query';
import { useLoginDialogOpen, closeLoginDialog } from '@/lib/login-dialog';
import { clearSession, startSession } from '@/lib/session';
import { buildClient, buildStation } from '@/test/builders';
import { buildStationSummary } from '@/test/driver-builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { StationPage } from './station-page';

const station = buildStation();
const path = `/detailStation?id=${station.id}`;

function LoginDialogProbe() {
  return <p data-testid="login-dialog-probe">{useLoginDialogOpen() ? 'open' : 'closed'}</p>;
}

function serve(isFavourite: boolean, extra: FetchRoute[] = []) {
  const state = { isFavourite };
  const server = routeFetch([
    ...extra,
    { path: new RegExp(`^/api/v2/chargestation/${station.id}`), reply: () => jsonResponse(200, { ...station, isFavourite: state.isFavourite }) },
    { method: 'POST', path: `/api/likedstations/${station.id}`, reply: () => ((state.isFavourite = true), jsonResponse(200, { ok: true })) },
    { method: 'DELETE', path: `/api/likedstations/${station.id}`, reply: () => ((state.isFavourite = false), jsonResponse(200, { ok: true })) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  clearSession();
  closeLoginDialog();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the heart on the station page', () => {
  it('adds the station to the favourites and takes it out again, the heart following at once', async () => {
    startSession(buildClient('tok'));
    const server = serve(false);
    await renderScreen(<StationPage />, path);
    const user = userEvent.setup();
    const heart = await screen.findByTestId('favourite-toggle');
    expect(heart.dataset.favourite).toBe('false');
    expect(heart.getAttribute('aria-label')).toBe('Add Tverskaya 12 to favourites');

    await user.click(heart);
    expect(screen.getByTestId('favourite-toggle').dataset.favourite).toBe('true');
    expect(screen.getByTestId('favourite-toggle').getAttribute('aria-label')).toBe('Remove Tverskaya 12 from favourites');
    await waitFor(() => expect(server.sent.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([`/api/likedstations/${station.id}`]));

    await user.click(screen.getByTestId('favourite-toggle'));
    expect(screen.getByTestId('favourite-toggle').dataset.favourite).toBe('false');
    await waitFor(() => expect(server.sent.filter((r) => r.method === 'DELETE')).toHaveLength(1));
  });

  it('keeps the favourites list in step: a station taken out leaves the cached list at once', async () => {
    startSession(buildClient('tok'));
    serve(true);
    const { client } = await renderScreen(<StationPage />, path);
    client.setQueryData(favouritesQueryKey, [buildStationSummary(), buildStationSummary({ id: 'other', name: 'Other' })]);
    await userEvent.setup().click(await screen.findByTestId('favourite-toggle'));
    expect(client.getQueryData<{ id: string }[]>(favouritesQueryKey)?.map((s) => s.id)).toEqual(['other']);
    // The list is asked again, so an added station shows there too.
    await waitFor(() => expect(client.getQueryState(favouritesQueryKey)?.isInvalidated).toBe(true));
  });

  it('goes back to how it was and says so when the server refuses', async () => {
    startSession(buildClient('tok'));
    serve(false, [{ method: 'POST', path: `/api/likedstations/${station.id}`, reply: () => jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' }) }]);
    await renderScreen(<StationPage />, path);
    await userEvent.setup().click(await screen.findByTestId('favourite-toggle'));
    expect((await screen.findByTestId('favourite-toggle-error')).textContent).toContain('temporarily unavailable');
    expect(screen.getByTestId('favourite-toggle').dataset.favourite).toBe('false');
  });

  it('asks a visitor to sign in and remembers the page to come back to', async () => {
    const server = serve(false);
    await renderScreen(<><StationPage /><LoginDialogProbe /></>, path);
    await userEvent.setup().click(await screen.findByTestId('favourite-toggle'));
    expect(screen.getByTestId('login-dialog-probe').textContent).toBe('open');
    expect(sessionStorage.getItem('fromClient')).toBe(path);
    expect(server.sent.some((r) => r.url.pathname.startsWith('/api/likedstations'))).toBe(false);
  });
});
