import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startSession } from '../../lib/session';
import { buildReview, type ModeratedReview } from '../../test/builders';
import { jsonResponse, routeFetch } from '../../test/fetch';
import { ModerationSection } from './moderation-section';

const FIRST = 'a1e1c2d3-0000-4000-8000-000000000001';
const SECOND = 'a1e1c2d3-0000-4000-8000-000000000002';

function serve(reviews: ModeratedReview[]) {
  const server = routeFetch([
    { path: '/api/admin/feedbacks/pending', reply: () => jsonResponse(200, { items: reviews, total: reviews.length }) },
    {
      method: 'PUT',
      path: /^\/api\/admin\/feedbacks\/[\w-]+\/approve$/,
      reply: ({ url }) => jsonResponse(200, { ...reviews.find((r) => url.pathname.includes(r.id)), status: 'approved' }),
    },
    {
      method: 'PUT',
      path: /^\/api\/admin\/feedbacks\/[\w-]+\/delete$/,
      reply: ({ url, body }) =>
        jsonResponse(200, { ...reviews.find((r) => url.pathname.includes(r.id)), status: 'deleted', deleteReason: (body as { reason: string }).reason }),
    },
    { path: /^\/api\/feedbacks\/photo\//, reply: () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } }) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const { createObjectURL, revokeObjectURL } = URL;

afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('review moderation', () => {
  it('shows each pending review with its station, author, verdict and photos fetched with the token', async () => {
    startSession({ accessToken: 'mod-token' });
    URL.createObjectURL = vi.fn(() => 'blob:photo');
    URL.revokeObjectURL = vi.fn();
    const server = serve([
      buildReview({
        id: FIRST,
        chargingWorked: false,
        chargedHere: true,
        isAnonymous: true,
        text: 'Connector 2 is broken.',
        photos: [{ id: 'p1', url: '/api/feedbacks/photo/p1', width: 800, height: 600 }],
      }),
    ]);
    render(<ModerationSection />);

    const review = await screen.findByTestId('console-review');
    expect(review.dataset.reviewId).toBe(FIRST);
    expect(review.textContent).toContain('Tverskaya 1');
    expect(review.textContent).toContain('ivan@example.com');
    expect(review.textContent).toContain('Connector 2 is broken.');
    expect(review.textContent).toContain('Published anonymously');
    expect(within(review).getByTestId('console-review-worked').textContent).toBe('Charging did not work');
    expect(within(review).getByTestId('console-review-charged-here').textContent).toBe('Charged here');

    const photo = within(review).getByTestId('console-review-photo');
    await waitFor(() => expect(photo.querySelector('img')?.getAttribute('src')).toBe('blob:photo'));
    expect(server.sent.find((r) => r.url.pathname === '/api/feedbacks/photo/p1')?.authorization).toBe('Bearer mod-token');

    await userEvent.setup().click(photo);
    expect(await screen.findByTestId('console-photo-full')).toBeTruthy();
  });

  it('approves a review: it leaves the queue', async () => {
    startSession({ accessToken: 'tok' });
    const server = serve([buildReview({ id: FIRST }), buildReview({ id: SECOND, text: 'Second' })]);
    render(<ModerationSection />);
    await waitFor(() => expect(screen.getAllByTestId('console-review')).toHaveLength(2));

    await userEvent.setup().click(within(screen.getAllByTestId('console-review')[0]!).getByTestId('console-approve'));
    await waitFor(() => expect(screen.getAllByTestId('console-review')).toHaveLength(1));
    expect(screen.getByTestId('console-review').dataset.reviewId).toBe(SECOND);
    expect(server.sent.filter((r) => r.method === 'PUT').map((r) => r.url.pathname)).toEqual([
      `/api/admin/feedbacks/${FIRST}/approve`,
    ]);
    expect(screen.getByTestId('console-moderation-done').textContent).toBe('The review is approved and published.');
    expect(screen.getByTestId('console-pending-count').textContent).toBe('Pending: 1');
  });

  it('deletes a review only with a reason, then shows the empty queue', async () => {
    startSession({ accessToken: 'tok' });
    const server = serve([buildReview({ id: FIRST })]);
    render(<ModerationSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('console-delete'));

    const confirm = screen.getByTestId('console-delete-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.type(screen.getByTestId('console-delete-reason'), '   ');
    expect(confirm.disabled).toBe(true);
    await user.clear(screen.getByTestId('console-delete-reason'));
    await user.type(screen.getByTestId('console-delete-reason'), 'Personal data in the text');
    await user.click(confirm);

    expect(await screen.findByTestId('console-moderation-empty')).toBeTruthy();
    expect(screen.queryByTestId('console-review')).toBeNull();
    expect(screen.queryByTestId('console-delete-reason')).toBeNull();
    const put = server.sent.find((r) => r.method === 'PUT');
    expect(put?.url.pathname).toBe(`/api/admin/feedbacks/${FIRST}/delete`);
    expect(put?.body).toEqual({ reason: 'Personal data in the text' });
  });

  it('keeps the review and says why when the server refuses', async () => {
    startSession({ accessToken: 'tok' });
    const server = serve([buildReview({ id: FIRST })]);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'PUT' ? jsonResponse(404, { code: 'NOT_FOUND', message: 'Not found' }) : server.fetch(input, init),
    );
    render(<ModerationSection />);
    await userEvent.setup().click(await screen.findByTestId('console-approve'));
    expect((await screen.findByTestId('console-error')).textContent).toBe('Nothing was found.');
    expect(screen.getByTestId('console-review')).toBeTruthy();
  });
});
