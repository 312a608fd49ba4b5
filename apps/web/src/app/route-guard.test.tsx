import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { closeLoginDialog, useLoginDialogOpen } from '@/lib/login-dialog';
import { initI18n } from '@/lib/i18n';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { RouteGuard } from './route-guard';

function DialogFlag() {
  return useLoginDialogOpen() ? <p>dialog open</p> : null;
}

function setup(path: string) {
  const router = createMemoryRouter(
    [{
      element: <><RouteGuard><Outlet /></RouteGuard><DialogFlag /></>,
      children: [
        { path: '/', element: <Link to="/profile?tab=cars">to profile</Link> },
        { path: '/profile', element: <h1>profile page</h1> },
        { path: '/login', element: <Link to="/profile">from login</Link> },
        { path: '*', element: <h1>not found</h1> },
      ],
    }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(async () => {
  await initI18n('en');
  clearSession();
  closeLoginDialog();
});

afterEach(() => closeLoginDialog());

describe('RouteGuard', () => {
  it('lets a signed-in user in', async () => {
    startSession(buildClient());
    setup('/profile');
    expect(await screen.findByText('profile page')).toBeTruthy();
  });

  it('direct open while signed out: remembers the page, goes home keeping the locale', async () => {
    localStorage.setItem('client', 'garbage');
    const router = setup('/profile?x=1');
    await screen.findByText('to profile');
    expect(router.state.location.pathname + router.state.location.search).toBe('/?locale=en');
    expect(sessionStorage.getItem('fromClient')).toBe('/profile?x=1');
    expect(localStorage.getItem('client')).toBeNull();
  });

  it('leaving the map: login dialog over the map, URL stays on /', async () => {
    const router = setup('/');
    await userEvent.setup().click(await screen.findByText('to profile'));
    expect(await screen.findByText('dialog open')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('fromClient')).toBe('/profile?tab=cars');
    expect(screen.queryByText('profile page')).toBeNull();
  });

  it('from another page than the map: goes home', async () => {
    const router = setup('/login');
    await userEvent.setup().click(await screen.findByText('from login'));
    await screen.findByText('to profile');
    expect(router.state.location.search).toBe('?locale=en');
    expect(screen.queryByText('dialog open')).toBeNull();
  });

  it('sends a user whose session ends on a protected page home', async () => {
    startSession(buildClient());
    const router = setup('/profile');
    await screen.findByText('profile page');
    act(() => clearSession());
    await screen.findByText('to profile');
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps not-found pages reachable', async () => {
    setup('/no/such/page');
    expect(await screen.findByText('not found')).toBeTruthy();
  });
});

describe('RouteGuard after a deliberate sign-out', () => {
  it('goes home without remembering the page', async () => {
    startSession(buildClient());
    const router = setup('/profile');
    await screen.findByText('profile page');
    act(() => clearSession('logout'));
    await screen.findByText('to profile');
    expect(router.state.location.pathname).toBe('/');
    expect(sessionStorage.getItem('fromClient')).toBeNull();
  });
});
