import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { brandQueryOptions } from '@/lib/brand';
import { initI18n, loadNamespaces, namespaces } from '@/lib/i18n';
import { closeLoginDialog, openLoginDialog } from '@/lib/login-dialog';
import { clearSession, useSession } from '@/lib/session';
import { writeFromClient } from '@/lib/storage';
import { buildBrand, buildClient } from '@/test/builders';
import { jsonResponse } from '@/test/render';
import { LoginDialogSlot } from './login-dialog-slot';
import { Providers } from './providers';

// WCAG 2.2 2.4.3 Focus Order: after signing in from the dialog, focus goes back to the control
// that opened it, or to the main heading of the screen the dialog led to, never to <body>.

const fetchMock = vi.fn<typeof fetch>();

function StationPage() {
  const session = useSession();
  return (
    <main>
      <h1>Tverskaya 12</h1>
      <button type="button" onClick={openLoginDialog}>Rate the station</button>
      {/* Like the header's button: gone once signed in. */}
      {!session && <button type="button" onClick={openLoginDialog}>Sign in here</button>}
    </main>
  );
}

/** A screen that loads again as the driver once signed in: a while with no heading at all. */
function ReloadingPage() {
  const session = useSession();
  const token = session?.accessToken ?? null;
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!token) return;
    const timer = setTimeout(() => setLoadedFor(token), 50);
    return () => clearTimeout(timer);
  }, [token]);
  const isReady = token === null || loadedFor === token;
  if (!isReady) return <main><p>Loading</p></main>;
  return (
    <main>
      <h1>Tverskaya 12</h1>
      <button type="button" onClick={openLoginDialog}>Add to favourites</button>
    </main>
  );
}

async function setup(initialEntry = '/') {
  await initI18n('en');
  await loadNamespaces(namespaces);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(brandQueryOptions().queryKey, buildBrand());
  const router = createMemoryRouter(
    [{
      element: <><Outlet /><LoginDialogSlot /></>,
      children: [
        { path: '/', element: <StationPage /> },
        { path: '/profile', element: <main><h1>Profile</h1></main> },
        { path: '/reloading', element: <ReloadingPage /> },
      ],
    }],
    { initialEntries: [initialEntry] },
  );
  render(<Providers client={client}><RouterProvider router={router} /></Providers>);
  return router;
}

async function signInFrom(opener: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: opener }));
  fetchMock.mockResolvedValueOnce(jsonResponse(200, buildClient('new-token')));
  await user.type(await screen.findByLabelText('E-mail', {}, { timeout: 10_000 }), 'anna@example.com');
  await user.type(screen.getByLabelText('Password'), 'Secret123');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession('logout');
  closeLoginDialog();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('focus after signing in from the dialog', () => {
  it('goes back to the control that opened the dialog', async () => {
    await setup();
    await signInFrom('Rate the station');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rate the station' })), { timeout: 10_000 });
  }, 30_000);

  it('goes to the screen’s heading when the control that opened the dialog is gone', async () => {
    await setup();
    await signInFrom('Sign in here');
    const heading = screen.getByRole('heading', { level: 1, name: 'Tverskaya 12' });
    await waitFor(() => expect(document.activeElement).toBe(heading), { timeout: 10_000 });
    expect(heading.getAttribute('tabindex')).toBe('-1');
  }, 30_000);

  it('goes to the main heading of the screen the dialog led to', async () => {
    const router = await setup();
    writeFromClient('/profile?tab=cars');
    await signInFrom('Rate the station');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'), { timeout: 10_000 });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Profile' })));
  }, 30_000);

  it('goes to the heading once a screen that loads again after the sign-in shows it', async () => {
    await setup('/reloading');
    await signInFrom('Add to favourites');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Tverskaya 12' })), { timeout: 10_000 });
  }, 30_000);
});
