import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review } from '@evcharge/api/feedbacks/feedbacks';
import { closeLoginDialog, useLoginDialogOpen } from '@/lib/login-dialog';
import { clearSession, startSession } from '@/lib/session';
import { buildClient, buildStation } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { CommentsPage } from './comments-page';

// SPEC §2 comments: a station's reviews as a screen of its own, at /comments?id=<guid>.

const station = buildStation();
const LIST = `/api/feedbacks/approved/${station.id}`;
const noVerdict = { lastChargedAt: null, recentWorked: 0, recentNotWorked: 0 };

function buildReview(patch: Partial<Review> = {}): Review {
  return {
    id: 'r1',
    stationId: station.id,
    authorName: 'Ivan',
    isAnonymous: false,
    text: 'Charged to 80% in 40 minutes.',
    chargingWorked: true,
    chargedHere: true,
    status: 'approved',
    deleteReason: null,
    createdAt: '2025-06-01T09:00:00Z',
    photos: [],
    isMine: false,
    ...patch,
  };
}

const stationRoutes: FetchRoute[] = [
  { path: `/api/v2/chargestation/${station.id}/guest`, reply: () => jsonResponse(200, station) },
  { path: `/api/v2/chargestation/${station.id}`, reply: () => jsonResponse(200, station) },
];

function serve(routes: FetchRoute[]) {
  const server = routeFetch([...routes, ...stationRoutes]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

function DialogFlag() {
  return useLoginDialogOpen() ? <p>login dialog open</p> : null;
}

const at = `/comments?id=${station.id}`;

beforeEach(() => {
  clearSession();
  closeLoginDialog();
});

afterEach(() => {
  vi.unstubAllGlobals();
  closeLoginDialog();
});

describe('CommentsPage', () => {
  it('shows a visitor the station’s reviews newest first with the verdict and photos full size, and a way back', async () => {
    const server = serve([
      {
        path: LIST,
        reply: () =>
          jsonResponse(200, {
            items: [
              buildReview({
                id: 'new',
                text: 'Yesterday: fast.',
                createdAt: '2025-06-10T09:00:00Z',
                photos: [{ id: 'p1', url: '/api/feedbacks/photo/p1', width: 800, height: 600 }],
              }),
              buildReview({
                id: 'old',
                text: 'Last month: slow.',
                createdAt: '2025-05-01T09:00:00Z',
                chargingWorked: false,
              }),
            ],
            total: 2,
            mine: [],
            verdict: { lastChargedAt: null, recentWorked: 1, recentNotWorked: 1 },
          }),
      },
    ]);
    await renderScreen(<CommentsPage />, at);

    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeTruthy();
    expect(screen.getByTestId('comments-station').textContent).toContain('Tverskaya 12');
    expect(screen.getByTestId('comments-back').getAttribute('href')).toBe(
      `/detailStation?id=${station.id}`,
    );
    expect(document.title).toContain('Reviews: Tverskaya 12');

    const reviews = await screen.findAllByTestId('review');
    expect(reviews.map((review) => review.dataset.reviewId)).toEqual(['new', 'old']);
    expect(screen.getByTestId('reviews-verdict-reviews').textContent).toBe(
      '1 of the latest 2 reviews say charging worked',
    );
    expect(server.sent.find((r) => r.url.pathname === LIST)!.url.search).toBe(
      '?page=1&pageSize=10',
    );
    // The whole list lives here: no link to itself.
    expect(screen.queryByTestId('reviews-all')).toBeNull();

    await userEvent.click(within(reviews[0]!).getByTestId('review-photo'));
    const dialog = screen.getByTestId('review-photo-dialog');
    expect(within(dialog).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe(
      '/api/feedbacks/photo/p1',
    );
  });

  it('asks a visitor to sign in to write, coming back to this screen', async () => {
    serve([
      {
        path: LIST,
        reply: () =>
          jsonResponse(200, { items: [buildReview()], total: 1, mine: [], verdict: noVerdict }),
      },
    ]);
    await renderScreen(
      <>
        <CommentsPage />
        <DialogFlag />
      </>,
      at,
    );

    await userEvent.click(await screen.findByTestId('reviews-sign-in-button'));
    expect(sessionStorage.getItem('fromClient')).toBe(at);
    expect(screen.getByText('login dialog open')).toBeTruthy();
    expect(screen.queryByTestId('review-write')).toBeNull();
  });

  it('lets a driver write a review and shows it waiting for a moderator, never under "be the first"', async () => {
    startSession(buildClient('tok'));
    let mine: Review[] = [];
    const server = serve([
      {
        path: LIST,
        reply: () => jsonResponse(200, { items: [], total: 0, mine, verdict: noVerdict }),
      },
      {
        method: 'POST',
        path: '/api/feedbacks',
        reply: ({ body }) => {
          const review = buildReview({
            id: 'mine',
            status: 'pending',
            isMine: true,
            chargedHere: false,
            text: (body as { text: string }).text,
          });
          mine = [review];
          return jsonResponse(201, review);
        },
      },
    ]);
    await renderScreen(<CommentsPage />, at);

    expect((await screen.findByTestId('reviews-empty')).textContent).toContain('Be the first');
    expect(screen.getByRole('heading', { level: 2, name: 'Write a review' })).toBeTruthy();
    await userEvent.type(screen.getByTestId('review-text'), 'Both connectors free at noon.');
    await userEvent.click(screen.getByTestId('review-send'));

    expect((await screen.findByTestId('review-sent')).textContent).toContain(
      'A moderator will check your review',
    );
    expect(server.sent.find((r) => r.method === 'POST')!.body).toMatchObject({
      stationId: station.id,
      text: 'Both connectors free at noon.',
    });
    const own = within(screen.getByTestId('reviews-mine')).getByTestId('review');
    expect(own.dataset.status).toBe('pending');
    expect(within(own).getByTestId('review-pending').textContent).toBe('Waiting for a moderator');
    const empty = screen.getByTestId('reviews-empty');
    expect(empty.textContent).not.toContain('Be the first');
    expect(empty.textContent).toBe(
      'Your review is the first here: other drivers will see it once a moderator approves it.',
    );
  });

  it('pages through all the reviews with "Show more"', async () => {
    const server = serve([
      {
        path: LIST,
        reply: ({ url }) => {
          const page = Number(url.searchParams.get('page'));
          const items =
            page === 1
              ? Array.from({ length: 10 }, (_, i) => buildReview({ id: `a${i}` }))
              : [buildReview({ id: 'last', text: 'The oldest one.' })];
          return jsonResponse(200, { items, total: 11, mine: [], verdict: noVerdict });
        },
      },
    ]);
    await renderScreen(<CommentsPage />, at);
    await userEvent.click(await screen.findByTestId('reviews-more'));
    expect(await screen.findByText('The oldest one.')).toBeTruthy();
    expect(screen.getAllByTestId('review')).toHaveLength(11);
    expect(
      server.sent.filter((r) => r.url.pathname === LIST).map((r) => r.url.searchParams.get('page')),
    ).toEqual(['1', '2']);
  });

  it('says "Station not found" for an id that names no station, asking nothing of the reviews', async () => {
    const server = serve([]);
    await renderScreen(<CommentsPage />, '/comments?id=nope');
    expect(await screen.findByTestId('station-not-found')).toBeTruthy();
    expect(server.sent).toHaveLength(0);

    vi.stubGlobal('fetch', routeFetch([]).fetch);
    await renderScreen(<CommentsPage />, '/comments?id=0b6e4f3a-2c1d-4e5f-8a9b-0c1d2e3f4a5b');
    await waitFor(() => expect(screen.getAllByTestId('station-not-found')).toHaveLength(2));
  });
});
