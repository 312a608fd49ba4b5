import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSOLE_SESSION_KEY, reloadSession } from '../lib/session';
import { heldUntilAborted, jsonResponse, routeFetch, type FetchRoute } from '../test/fetch';
import { App } from './app';

const signInAnswer = (token: string) =>
  jsonResponse(200, { accessToken: token, CurrencyCode: 'RUB', Lang: 'en', user: { id: 'u' } });

function serve(
  role: 'support' | 'moderator' | 'analyst' | 'admin' | null,
  extra: FetchRoute[] = [],
) {
  const server = routeFetch([
    ...extra,
    { method: 'POST', path: '/auth/v2/signin', reply: signInAnswer('staff-token') },
    { method: 'POST', path: '/auth/logout', reply: jsonResponse(200, { ok: true }) },
    {
      path: '/api/admin/self',
      reply: role
        ? jsonResponse(200, { id: 's-1', name: 'Olga', email: 'olga@evcharge.demo', role })
        : jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' }),
    },
    { path: '/api/brand', reply: jsonResponse(200, { title: 'Volt Demo' }) },
    {
      path: '/api/admin/support/conversations',
      reply: jsonResponse(200, { items: [], total: 0, waiting: 0, cursor: 0 }),
    },
    { path: /^\/api\/admin\/support\/subscribe\//, reply: heldUntilAborted },
    { path: '/api/admin/feedbacks/pending', reply: jsonResponse(200, { items: [], total: 0 }) },
    {
      path: '/api/admin/analytics',
      reply: ({ url }) =>
        jsonResponse(200, {
          from: url.searchParams.get('from'),
          to: url.searchParams.get('to'),
          brand: null,
          days: [{ day: url.searchParams.get('to'), pageViews: 3, visits: 2 }],
          funnel: ['map', 'stationOpened', 'chargeStarted', 'sessionEnded'].map((step) => ({
            step,
            events: 1,
            visits: 1,
          })),
          topPaths: [{ path: '/', pageViews: 3 }],
          brands: [{ id: 'demo', title: 'evcharge' }],
        }),
    },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

async function signIn(email = 'support@evcharge.demo', password = 'Support1234') {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('console-email'), email);
  await user.type(screen.getByTestId('console-password'), password);
  await user.click(screen.getByTestId('console-signin'));
  return user;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('signing in to the console', () => {
  it('signs support staff in with their evcharge account and opens Support only', async () => {
    const server = serve('support');
    render(<App />);
    await signIn();

    expect(await screen.findByTestId('console-nav-support')).toBeTruthy();
    expect(screen.queryByTestId('console-nav-moderation')).toBeNull();
    expect(screen.getByTestId('console-staff-name').textContent).toBe('Olga');
    expect(screen.getByTestId('console-staff-role').textContent).toBe('Support agent');
    expect(window.location.pathname).toBe('/admin/support');
    expect(await screen.findByText('Volt Demo')).toBeTruthy();

    const signInRequest = server.sent.find((r) => r.url.pathname === '/auth/v2/signin');
    expect(signInRequest?.body).toEqual({
      login: 'support@evcharge.demo',
      password: 'Support1234',
      userType: 2,
    });
    const self = server.sent.find((r) => r.url.pathname === '/api/admin/self');
    expect(self?.authorization).toBe('Bearer staff-token');
    // The console's own record: the driver app's `client` stays untouched.
    expect(JSON.parse(window.localStorage.getItem(CONSOLE_SESSION_KEY) ?? '{}')).toEqual({
      accessToken: 'staff-token',
    });
    expect(window.localStorage.getItem('client')).toBeNull();
  });

  it('opens Moderation only for a moderator, and both sections for an administrator', async () => {
    serve('moderator');
    const { unmount } = render(<App />);
    await signIn('moderator@evcharge.demo', 'Moder1234');
    expect(await screen.findByTestId('console-nav-moderation')).toBeTruthy();
    expect(screen.queryByTestId('console-nav-support')).toBeNull();
    expect(window.location.pathname).toBe('/admin/moderation');
    expect(await screen.findByTestId('console-moderation-empty')).toBeTruthy();
    unmount();

    window.localStorage.setItem(
      CONSOLE_SESSION_KEY,
      JSON.stringify({ accessToken: 'admin-token' }),
    );
    reloadSession();
    serve('admin');
    render(<App />);
    expect(await screen.findByTestId('console-nav-support')).toBeTruthy();
    expect(screen.getByTestId('console-nav-moderation')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByTestId('console-nav-support'));
    expect(window.location.pathname).toBe('/admin/support');
    expect(
      await screen.findByText('Choose a conversation on the left to read and answer it.'),
    ).toBeTruthy();
  });

  it('opens Analytics only for an analyst, and beside the others for an administrator', async () => {
    serve('analyst');
    const { unmount } = render(<App />);
    await signIn('analyst@evcharge.demo', 'Analyst123');
    expect(await screen.findByTestId('console-nav-analytics')).toBeTruthy();
    expect(screen.queryByTestId('console-nav-support')).toBeNull();
    expect(screen.queryByTestId('console-nav-moderation')).toBeNull();
    expect(window.location.pathname).toBe('/admin/analytics');
    expect(await screen.findByTestId('analytics-chart')).toBeTruthy();
    expect(screen.getByTestId('console-staff-role').textContent).toBe('Analyst');
    unmount();

    window.localStorage.setItem(
      CONSOLE_SESSION_KEY,
      JSON.stringify({ accessToken: 'admin-token' }),
    );
    reloadSession();
    serve('admin');
    render(<App />);
    expect(await screen.findByTestId('console-nav-analytics')).toBeTruthy();
    expect(screen.getByTestId('console-nav-support')).toBeTruthy();
    expect(screen.getByTestId('console-nav-moderation')).toBeTruthy();
  });

  it('refuses an account without a staff role and signs it out', async () => {
    const server = serve(null);
    render(<App />);
    await signIn('driver@evcharge.demo', 'Driver1234');

    expect((await screen.findByTestId('console-error')).textContent).toBe(
      'This account has no access to the console.',
    );
    expect(screen.getByTestId('console-signin')).toBeTruthy();
    await waitFor(() =>
      expect(server.sent.some((r) => r.url.pathname === '/auth/logout')).toBe(true),
    );
    expect(window.localStorage.getItem(CONSOLE_SESSION_KEY)).toBeNull();
  });

  it('says why a sign-in failed, in the chosen language', async () => {
    serve('support', [
      {
        method: 'POST',
        path: '/auth/v2/signin',
        reply: () =>
          jsonResponse(401, {
            code: 'INVALID_CREDENTIALS',
            message: 'Invalid',
            details: { triesLeft: 3 },
          }),
      },
    ]);
    render(<App />);
    await signIn('support@evcharge.demo', 'wrong');
    expect((await screen.findByTestId('console-error')).textContent).toBe(
      'Invalid login or password. Tries left: 3',
    );
    expect(window.localStorage.getItem(CONSOLE_SESSION_KEY)).toBeNull();
  });

  it('signs out from the top bar', async () => {
    const server = serve('support');
    render(<App />);
    const user = await signIn();
    await user.click(await screen.findByTestId('console-signout'));
    expect(await screen.findByTestId('console-signin')).toBeTruthy();
    expect(server.sent.some((r) => r.url.pathname === '/auth/logout')).toBe(true);
    expect(window.localStorage.getItem(CONSOLE_SESSION_KEY)).toBeNull();
  });
});
