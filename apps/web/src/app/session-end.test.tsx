import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { checkToken } from '@evcharge/api/auth/check-token';
import { apiRequest } from '@/lib/api-client';
import { brandQueryOptions } from '@/lib/brand';
import { initI18n, loadNamespaces, namespaces } from '@/lib/i18n';
import { closeLoginDialog } from '@/lib/login-dialog';
import { clearSession, getSession, startSession } from '@/lib/session';
import { buildBrand, buildClient } from '@/test/builders';
import { jsonResponse } from '@/test/render';
import { LoginDialogSlot } from './login-dialog-slot';
import { Providers } from './providers';
import { RouteGuard } from './route-guard';

// OWASP ASVS 3.3: when the server ends a session (SESSION_EXPIRED), the driver signs in again
// and comes back to the page they were on (SPEC §4 fromClient).

const fetchMock = vi.fn<typeof fetch>();

function ProfilePage() {
  return (
    <button type="button" onClick={() => void apiRequest(checkToken).catch(() => {})}>
      load profile
    </button>
  );
}

async function setup(path: string) {
  await initI18n('en');
  await loadNamespaces(namespaces);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(brandQueryOptions().queryKey, buildBrand());
  const router = createMemoryRouter(
    [{
      element: <><RouteGuard><Outlet /></RouteGuard><LoginDialogSlot /></>,
      children: [
        { path: '/', element: <h1>map</h1> },
        { path: '/profile', element: <ProfilePage /> },
      ],
    }],
    { initialEntries: [path] },
  );
  render(<Providers client={client}><RouterProvider router={router} /></Providers>);
  return router;
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession('logout');
  closeLoginDialog();
  sessionStorage.clear();
});

afterEach(() => vi.unstubAllGlobals());

describe('a session the server ended', () => {
  it('signs out, opens the sign-in over the map, and returns to the page after sign-in', async () => {
    startSession(buildClient('old-token'));
    const router = await setup('/profile?tab=cars');
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 'SESSION_EXPIRED', message: 'ended' }));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'load profile' }));

    const dialog = await screen.findByTestId('login-dialog');
    expect(router.state.location.pathname).toBe('/');
    expect(getSession()).toBeNull();
    expect(sessionStorage.getItem('fromClient')).toBe('/profile?tab=cars');

    const signedIn = buildClient('new-token');
    fetchMock.mockResolvedValueOnce(jsonResponse(200, signedIn));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail', {}, { timeout: 10_000 }), 'anna@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(
      () => expect(router.state.location.pathname + router.state.location.search).toBe('/profile?tab=cars'),
      { timeout: 10_000 },
    );
    expect(getSession()?.accessToken).toBe('new-token');
    expect(dialog.isConnected ? dialog.getAttribute('open') : null).toBeNull();
  }, 30_000);

  it('after a deliberate sign-out goes home without the sign-in dialog', async () => {
    startSession(buildClient());
    const router = await setup('/profile');
    await screen.findByRole('button', { name: 'load profile' });
    clearSession('logout');
    await screen.findByText('map');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByLabelText('E-mail')).toBeNull();
  });
});
