import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserEvent } from '@evcharge/api/events/events';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { EventsPage } from './events-page';

const ended: UserEvent = {
  id: '0b5e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b',
  type: 'sessionEnded',
  data: {
    transactionId: 42,
    stationName: 'Tverskaya 12',
    energyWh: 12_345,
    costMinor: 18_518,
    currency: 'rub',
    stationId: 's1',
  },
  createdAt: '2026-11-20T09:30:00.000Z',
  readAt: null,
};
const parking: UserEvent = {
  id: '1c6f3a5b-2d4e-4f60-9b0c-1d2e3f4a5b6c',
  type: 'parkingStarted',
  data: {
    transactionId: 41,
    stationName: 'Arbat 5',
    parkingPerMinuteMinor: 500,
    currency: 'rub',
    freeMinutes: 10,
    feeStartsAt: '2026-11-19T10:10:00.000Z',
  },
  createdAt: '2026-11-19T10:00:00.000Z',
  readAt: null,
};
const free: UserEvent = {
  id: '2d7a4b6c-3e5f-4a71-8c1d-2e3f4a5b6c7d',
  type: 'favouriteFree',
  data: { stationId: '3f2b8c1e-5d4a-4e8b-9c7d-1a2b3c4d5e6f', stationName: 'Tverskaya 12' },
  createdAt: '2026-11-18T08:00:00.000Z',
  readAt: '2026-11-18T08:05:00.000Z',
};

const closed: UserEvent = {
  id: '3e8b5c7d-4f60-4b82-9d2e-3f4a5b6c7d8f',
  type: 'sessionClosedNoStop',
  data: {
    transactionId: 40,
    stationName: 'Arbat 5',
    energyWh: 8_000,
    costMinor: 12_000,
    currency: 'rub',
  },
  createdAt: '2026-11-17T08:00:00.000Z',
  readAt: null,
};
const adjusted = (id: string, differenceMinor: number): UserEvent => ({
  id,
  type: 'sessionAdjusted',
  data: {
    transactionId: 40,
    stationName: 'Arbat 5',
    energyWh: 8_500,
    costMinor: 12_750,
    differenceMinor,
    currency: 'rub',
  },
  createdAt: '2026-11-17T09:00:00.000Z',
  readAt: null,
});

function serve(items: UserEvent[]) {
  const read = new Set(items.filter((e) => e.readAt).map((e) => e.id));
  const view = (e: UserEvent) => ({
    ...e,
    readAt: read.has(e.id) ? (e.readAt ?? '2026-11-21T00:00:00.000Z') : null,
  });
  const server = routeFetch([
    {
      path: '/api/events',
      reply: (request) => {
        const page = Number(request.url.searchParams.get('page') ?? 1);
        const size = Number(request.url.searchParams.get('pageSize') ?? 20);
        return jsonResponse(200, {
          items: items.slice((page - 1) * size, page * size).map(view),
          total: items.length,
          unreadCount: items.filter((e) => !read.has(e.id)).length,
          page,
          pageSize: size,
        });
      },
    },
    {
      path: /^\/api\/events\/[\w-]+$/,
      reply: (request) => {
        const event = items.find((e) => request.url.pathname.endsWith(e.id));
        if (!event) return jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' });
        read.add(event.id);
        return jsonResponse(200, view(event));
      },
    },
  ]);
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

describe('EventsPage', () => {
  it('lists the notifications newest first with their texts, unread ones marked', async () => {
    serve([ended, parking, free]);
    await renderScreen(<EventsPage />, '/events');
    await waitFor(() => expect(screen.getAllByTestId('event-item')).toHaveLength(3));
    const [first, second, third] = screen.getAllByTestId('event-item');
    expect(first!.textContent).toContain('Charging finished');
    expect(first!.textContent).toMatch(/Tverskaya 12: 12\.35 kWh, cost .*185\.18\./);
    expect(first!.getAttribute('href')).toBe(`/events?id=${ended.id}`);
    expect(first!.dataset.unread).toBe('true');
    expect(second!.textContent).toMatch(
      /Arbat 5: parking is free for 10 min, then .*5\.00 a minute\./,
    );
    expect(third!.textContent).toContain('A favourite station is free');
    expect(third!.dataset.unread).toBeUndefined();
    expect(screen.getByTestId('events-unread').textContent).toBe('Unread: 2');
  });

  it('opens one notification, which marks it read, and leads to its session', async () => {
    const server = serve([ended, parking, free]);
    const { router } = await renderScreen(<EventsPage />, '/events');
    await waitFor(() => expect(screen.getAllByTestId('event-item')).toHaveLength(3));
    await userEvent.setup().click(screen.getAllByTestId('event-item')[0]!);
    const details = await screen.findByTestId('event-details');
    await waitFor(() =>
      expect(within(details).getByRole('heading', { level: 1 }).textContent).toBe(
        'Charging finished',
      ),
    );
    expect(router.state.location.search).toBe(`?id=${ended.id}`);
    expect(within(details).getByTestId('event-link').getAttribute('href')).toBe('/history?tx=42');
    expect(server.sent.some((r) => r.url.pathname === `/api/events/${ended.id}`)).toBe(true);

    await userEvent.setup().click(within(details).getByText('All notifications'));
    await waitFor(() => expect(screen.getByTestId('events-unread').textContent).toBe('Unread: 1'));
    expect(screen.getAllByTestId('event-item')[0]!.dataset.unread).toBeUndefined();
  });

  it('tells a session closed without word from the charge point, and its bill corrected either way', async () => {
    serve([
      adjusted('5f9c6d8e-5a71-4c93-8e3f-4a5b6c7d8e9f', 750),
      adjusted('6a0d7e9f-6b82-4da4-9f4a-5b6c7d8e9fa0', -750),
      closed,
    ]);
    await renderScreen(<EventsPage />, '/events');
    await waitFor(() => expect(screen.getAllByTestId('event-item')).toHaveLength(3));
    const [extra, returned, first] = screen.getAllByTestId('event-item');
    expect(extra!.textContent).toContain('Bill corrected');
    expect(extra!.textContent).toMatch(
      /Arbat 5: the meter's final reading came in: 8\.5 kWh, .*127\.50 in all\. We charged .*7\.50 more\./,
    );
    expect(returned!.textContent).toMatch(/We returned [^-−]*7\.50 to your balance\./);
    expect(first!.textContent).toContain('Session closed');
    expect(first!.textContent).toMatch(
      /Arbat 5: the charge point stopped reporting, so we closed the session and billed the 8 kWh its meter counted: .*120\.00\./,
    );
    expect(first!.getAttribute('href')).toBe(`/events?id=${closed.id}`);
  });

  it('leads a favourite station’s notification to the station', async () => {
    serve([free]);
    await renderScreen(<EventsPage />, `/events?id=${free.id}`);
    const link = await screen.findByTestId('event-link');
    expect(link.getAttribute('href')).toBe(`/detailStation?id=${free.data.stationId}`);
    expect(link.textContent).toBe('Open the station');
  });

  it('says a notification that is not there any more is gone', async () => {
    serve([]);
    await renderScreen(<EventsPage />, '/events?id=4e8b5c7d-4f60-4b82-9d2e-3f4a5b6c7d8e');
    expect((await screen.findByTestId('event-error')).textContent).toBe(
      'This notification is not here any more.',
    );
  });

  it('shows the empty state with a way to turn notifications on', async () => {
    serve([]);
    await renderScreen(<EventsPage />, '/events');
    const empty = await screen.findByTestId('events-empty');
    expect(empty.textContent).toContain('No notifications yet');
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/appSettings');
  });
});
