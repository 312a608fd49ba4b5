import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { markFirstScreenRendered } from '@/lib/first-screen';
import { i18n } from '@/lib/i18n';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { SignedInTools } from './signed-in-tools';

// The header always says which profile pays (SPEC §6) and whether notifications wait.

function serve(unreadCount: number, newMessages = 0) {
  const server = routeFetch([
    {
      path: '/api/events',
      reply: () =>
        jsonResponse(200, { items: [], total: unreadCount, unreadCount, page: 1, pageSize: 1 }),
    },
    { path: '/api/messages/new', reply: () => jsonResponse(200, { count: newMessages }) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

beforeEach(() => {
  clearSession();
  markFirstScreenRendered();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignedInTools', () => {
  it('shows the personal profile, linking to the switcher, and the bell without a dot', async () => {
    serve(0);
    const client = buildClient('tok');
    startSession(client);
    await renderScreen(<SignedInTools user={client.user} t={i18n.t} />);
    const chip = screen.getByTestId('header-profile-chip');
    expect(chip.textContent).toBe('Active profile:Personal');
    expect(chip.getAttribute('href')).toBe('/multiaccount');
    expect(chip.dataset.corporate).toBeUndefined();
    const bell = screen.getByTestId('header-events');
    expect(bell.getAttribute('href')).toBe('/events');
    expect(bell.textContent).toBe('Notifications');
  });

  it('names the company of a corporate profile and counts unread notifications', async () => {
    const server = serve(3);
    const client = buildClient('tok', {
      accountType: 'CORPORATE',
      activeCompany: { id: 'c1', name: 'EV Logistics LLC' },
    });
    startSession(client);
    await renderScreen(<SignedInTools user={client.user} t={i18n.t} />);
    const chip = screen.getByTestId('header-profile-chip');
    expect(chip.textContent).toContain('EV Logistics LLC');
    expect(chip.dataset.corporate).toBe('true');
    await waitFor(() => expect(screen.getByTestId('header-events').dataset.unread).toBe('true'), {
      timeout: 5000,
    });
    expect(screen.getByTestId('header-events').textContent).toBe('Notifications, unread: 3');
    const events = server.sent.filter((r) => r.url.pathname === '/api/events');
    expect(events.every((r) => r.url.searchParams.get('pageSize') === '1')).toBe(true);
  });

  it('links the support chat with the number of support’s unread answers (SPEC §7 GET /messages/new)', async () => {
    const server = serve(0, 2);
    const client = buildClient('tok');
    startSession(client);
    await renderScreen(<SignedInTools user={client.user} t={i18n.t} />);
    const chat = screen.getByTestId('header-chat');
    expect(chat.getAttribute('href')).toBe('/chat');
    await waitFor(() => expect(screen.getByTestId('chat-badge').textContent).toBe('2'), { timeout: 5000 });
    expect(chat.dataset.unread).toBe('true');
    expect(chat.textContent).toBe('Support2');
    expect(server.sent.some((r) => r.url.pathname === '/api/messages/new')).toBe(true);
  });

  it('shows no badge when every answer is read', async () => {
    const server = serve(0, 0);
    const client = buildClient('tok');
    startSession(client);
    await renderScreen(<SignedInTools user={client.user} t={i18n.t} />);
    await waitFor(() => expect(server.sent.some((r) => r.url.pathname === '/api/messages/new')).toBe(true), { timeout: 5000 });
    expect(screen.queryByTestId('chat-badge')).toBeNull();
    expect(screen.getByTestId('header-chat').dataset.unread).toBeUndefined();
  });
});
