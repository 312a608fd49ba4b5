import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review } from '@evcharge/api/feedbacks/feedbacks';
import { clearSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { ReviewsSection } from './reviews-section';

const STATION = 'b3c1e2d4-0000-4000-8000-000000000042';
const LIST = `/api/feedbacks/approved/${STATION}`;

function buildReview(patch: Partial<Review> = {}): Review {
  return {
    id: 'r1', stationId: STATION, authorName: 'Ivan', isAnonymous: false, text: 'Charged to 80% in 40 minutes.',
    chargingWorked: true, chargedHere: true, status: 'approved', deleteReason: null, createdAt: '2025-06-01T09:00:00Z',
    photos: [], isMine: false, ...patch,
  };
}

const noVerdict: { lastChargedAt: string | null; recentWorked: number; recentNotWorked: number } = { lastChargedAt: null, recentWorked: 0, recentNotWorked: 0 };

function serve(page: { items?: Review[]; total?: number; mine?: Review[]; verdict?: typeof noVerdict }, extra: FetchRoute[] = []) {
  const items = page.items ?? [];
  const server = routeFetch([
    ...extra,
    { path: LIST, reply: () => jsonResponse(200, { items, total: page.total ?? items.length, mine: page.mine ?? [], verdict: page.verdict ?? noVerdict }) },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

function file(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size).fill(0xff)], name, { type });
}

beforeEach(() => {
  clearSession();
  // jsdom has no object URLs: the previews get a stand-in address.
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ReviewsSection', () => {
  it('shows the verdict and the approved reviews, an anonymous one as Anonymous', async () => {
    const lastChargedAt = new Date(Date.now() - 2 * 3600_000).toISOString();
    const server = serve({
      verdict: { lastChargedAt, recentWorked: 4, recentNotWorked: 1 },
      items: [
        buildReview({ photos: [{ id: 'p1', url: '/api/feedbacks/photo/p1', width: 800, height: 600 }] }),
        buildReview({ id: 'r2', authorName: null, isAnonymous: true, chargingWorked: false, chargedHere: false, text: 'Connector 2 was broken.' }),
      ],
    });
    await renderScreen(<ReviewsSection stationId={STATION} />);

    const verdict = await screen.findByTestId('reviews-verdict');
    expect(within(verdict).getByTestId('reviews-verdict-charged').textContent).toBe('Verified working: last charged a car 2 hours ago');
    const said = within(verdict).getByTestId('reviews-verdict-reviews');
    expect(said.textContent).toBe('4 of the latest 5 reviews say charging worked');
    expect(said.dataset.tone).toBe('ok');
    expect(server.sent[0]!.url.search).toBe('?page=1&pageSize=10');

    const [first, second] = screen.getAllByTestId('review');
    expect(first!.dataset.status).toBe('approved');
    expect(within(first!).getByTestId('review-author').textContent).toBe('Ivan');
    expect(within(first!).getByTestId('review-charged-here').textContent).toBe('Charged here');
    expect(within(first!).getByTestId('review-worked').textContent).toBe('Charging worked');
    expect(within(first!).getByText('Charged to 80% in 40 minutes.')).toBeTruthy();
    expect(within(second!).getByTestId('review-author').textContent).toBe('Anonymous');
    expect(within(second!).getByTestId('review-worked').textContent).toBe('Charging did not work');
    expect(within(second!).queryByTestId('review-charged-here')).toBeNull();

    const thumb = within(first!).getByTestId('review-photo');
    expect(thumb.querySelector('img')!.getAttribute('loading')).toBe('lazy');
    await userEvent.click(thumb);
    const dialog = screen.getByTestId('review-photo-dialog');
    expect(within(dialog).getByRole('heading', { name: 'Photo 1 of 1' })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Photo 1' }).getAttribute('src')).toBe('/api/feedbacks/photo/p1');
  });

  it('warns when most of the latest reviews say charging did not work, and says nothing without data', async () => {
    serve({ verdict: { lastChargedAt: null, recentWorked: 1, recentNotWorked: 3 } });
    const view = await renderScreen(<ReviewsSection stationId={STATION} />);
    const said = await screen.findByTestId('reviews-verdict-reviews');
    expect(said.textContent).toBe('Only 1 of the latest 4 reviews say charging worked');
    expect(said.dataset.tone).toBe('warning');
    expect(screen.queryByTestId('reviews-verdict-charged')).toBeNull();
    view.unmount();

    serve({});
    await renderScreen(<ReviewsSection stationId={STATION} />);
    expect((await screen.findByTestId('reviews-empty')).textContent).toContain('Be the first');
    expect(screen.queryByTestId('reviews-verdict')).toBeNull();
  });

  it('asks a guest to sign in to write, through the login dialog that comes back here', async () => {
    serve({});
    await renderScreen(<ReviewsSection stationId={STATION} />, `/detailStation?id=${STATION}`);
    await userEvent.click(await screen.findByTestId('reviews-sign-in-button'));
    expect(sessionStorage.getItem('fromClient')).toBe(`/detailStation?id=${STATION}`);
    expect(screen.queryByTestId('review-write')).toBeNull();
  });

  it('loads more reviews on "Show more"', async () => {
    const server = routeFetch([{
      path: LIST,
      reply: ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        const items = page === 1 ? Array.from({ length: 10 }, (_, i) => buildReview({ id: `a${i}` })) : [buildReview({ id: 'last', text: 'The oldest one.' })];
        return jsonResponse(200, { items, total: 11, mine: [], verdict: noVerdict });
      },
    }]);
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ReviewsSection stationId={STATION} />);
    await userEvent.click(await screen.findByTestId('reviews-more'));
    expect(await screen.findByText('The oldest one.')).toBeTruthy();
    expect(screen.getAllByTestId('review')).toHaveLength(11);
    expect(server.sent[1]!.url.searchParams.get('page')).toBe('2');
    expect(screen.queryByTestId('reviews-more')).toBeNull();
  });

  it('on the station page shows the newest few and links to all of them with their count', async () => {
    startSession(buildClient('tok'));
    const items = Array.from({ length: 10 }, (_, i) => buildReview({ id: `a${i}`, text: `Review ${i}.` }));
    const mine = [buildReview({ id: 'mine', status: 'pending', isMine: true, text: 'My own words.' })];
    serve({ items, total: 1234, mine });
    await renderScreen(<ReviewsSection stationId={STATION} previewCount={3} />);

    const all = await screen.findByTestId('reviews-all');
    expect(all.textContent).toBe('All reviews (1,234)');
    expect(all.getAttribute('href')).toBe(`/comments?id=${STATION}`);
    expect(within(screen.getByTestId('reviews-approved')).getAllByTestId('review').map((r) => r.dataset.reviewId)).toEqual(['a0', 'a1', 'a2']);
    expect(within(screen.getByTestId('reviews-mine')).getByText('My own words.')).toBeTruthy();
    expect(screen.queryByTestId('reviews-more')).toBeNull();
  });

  it('on the station page links nowhere while no review is approved', async () => {
    serve({});
    await renderScreen(<ReviewsSection stationId={STATION} previewCount={3} />);
    expect(await screen.findByTestId('reviews-empty')).toBeTruthy();
    expect(screen.queryByTestId('reviews-all')).toBeNull();
  });

  it('shows the driver their pending review first and deletes it after they confirm', async () => {
    startSession(buildClient('tok'));
    let mine = [buildReview({ id: 'mine', status: 'pending', isMine: true, text: 'My own words.' })];
    const server = routeFetch([
      { path: LIST, reply: () => jsonResponse(200, { items: [buildReview()], total: 1, mine, verdict: noVerdict }) },
      { method: 'PUT', path: '/api/feedbacks/mine/result/delete', reply: () => { mine = []; return jsonResponse(200, { ok: true }); } },
    ]);
    vi.stubGlobal('fetch', server.fetch);
    await renderScreen(<ReviewsSection stationId={STATION} />);

    const [own] = await screen.findAllByTestId('review');
    expect(own!.dataset.status).toBe('pending');
    expect(within(own!).getByTestId('review-pending').textContent).toBe('Waiting for a moderator');
    expect(screen.getAllByTestId('review-delete')).toHaveLength(1);

    await userEvent.click(within(own!).getByTestId('review-delete'));
    expect(server.sent.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.click(within(screen.getByTestId('review-delete-dialog')).getByTestId('review-delete-confirm'));
    await waitFor(() => expect(screen.queryByText('My own words.')).toBeNull());
    expect(server.sent.filter((r) => r.method === 'PUT')).toHaveLength(1);
    expect(screen.getAllByTestId('review')).toHaveLength(1);
  });
});

describe('ReviewForm', () => {
  beforeEach(() => startSession(buildClient('tok')));

  it('refuses a photo over 500 kB and a PDF next to the picker, naming them, and sends nothing', async () => {
    const server = serve({});
    await renderScreen(<ReviewsSection stationId={STATION} />);
    const input = await screen.findByTestId('review-photos');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png');
    await userEvent.upload(input, [file('big.jpg', 'image/jpeg', 600 * 1024), file('receipt.pdf', 'application/pdf', 1000)], { applyAccept: false });

    const notes = screen.getByTestId('review-photos-error');
    expect(notes.getAttribute('role')).toBe('alert');
    expect(notes.textContent).toContain('Photo 1 (big.jpg): The photo is larger than 500 kB: choose a smaller one.');
    expect(notes.textContent).toContain('Photo 2 (receipt.pdf): Only JPEG and PNG photos can be sent.');
    expect(screen.queryAllByTestId('review-photo-preview')).toHaveLength(0);

    await userEvent.click(screen.getByTestId('review-send'));
    expect(screen.getByTestId('review-text-error').textContent).toBe('Obligatory field');
    expect(server.sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("does not ask to be the first under the driver's own pending review", async () => {
    serve({ mine: [buildReview({ id: 'mine', status: 'pending', isMine: true, text: 'My own words.' })] });
    await renderScreen(<ReviewsSection stationId={STATION} />);
    expect((await screen.findByTestId('reviews-mine')).textContent).toContain('My own words.');
    const empty = screen.getByTestId('reviews-empty');
    expect(empty.textContent).not.toContain('Be the first');
    expect(empty.textContent).toBe('Your review is the first here: other drivers will see it once a moderator approves it.');
  });

  it('sends the text, the answers and the photos as base64, then shows the review waiting for a moderator', async () => {
    let mine: Review[] = [];
    const server = serve({}, [{
      method: 'POST',
      path: '/api/feedbacks',
      reply: ({ body }) => {
        const sent = body as { text: string };
        const review = buildReview({ id: 'new', status: 'pending', isMine: true, authorName: null, isAnonymous: true, chargingWorked: false, text: sent.text });
        mine = [review];
        return jsonResponse(201, review);
      },
    }, { path: LIST, reply: () => jsonResponse(200, { items: [], total: 0, mine, verdict: noVerdict }) }]);
    await renderScreen(<ReviewsSection stationId={STATION} />);

    await userEvent.type(await screen.findByTestId('review-text'), 'Slow today.');
    expect(screen.getByTestId('review-text-count').textContent).toBe('11 of 2,000 characters');
    await userEvent.click(screen.getByTestId('review-worked-no'));
    await userEvent.click(screen.getByTestId('review-anonymous'));
    await userEvent.upload(screen.getByTestId('review-photos'), [
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'a.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array([0x89, 0x50, 0x4e])], 'b.png', { type: 'image/png' }),
    ]);
    expect(screen.getAllByTestId('review-photo-preview')).toHaveLength(2);
    await userEvent.click(screen.getAllByTestId('review-photo-remove')[1]!);
    expect(screen.getAllByTestId('review-photo-preview')).toHaveLength(1);
    await userEvent.click(screen.getByTestId('review-send'));

    expect((await screen.findByTestId('review-sent')).textContent).toContain('A moderator will check your review');
    const post = server.sent.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ stationId: STATION, text: 'Slow today.', isAnonymous: true, chargingWorked: false, photos: ['/9j/'] });
    const own = screen.getByTestId('review');
    expect(own.dataset.status).toBe('pending');
    expect(within(own).getByTestId('review-author').textContent).toBe('Anonymous');
    expect((screen.getByTestId('review-text') as HTMLTextAreaElement).value).toBe('');
  });

  it('shows the server’s refusal of a photo by the photo, and other errors as an alert', async () => {
    let answer = jsonResponse(413, { code: 'IMAGE_TOO_LARGE', message: 'x', details: { index: 0 } });
    serve({}, [{ method: 'POST', path: '/api/feedbacks', reply: () => answer.clone() }]);
    await renderScreen(<ReviewsSection stationId={STATION} />);
    await userEvent.type(await screen.findByTestId('review-text'), 'Fine.');
    await userEvent.upload(screen.getByTestId('review-photos'), new File([new Uint8Array([1, 2, 3])], 'shot.png', { type: 'image/png' }));
    await userEvent.click(screen.getByTestId('review-send'));
    expect((await screen.findByTestId('review-photos-error')).textContent).toBe('Photo 1 (shot.png): The photo is larger than 500 kB: choose a smaller one.');
    expect(screen.queryByTestId('review-error')).toBeNull();

    answer = jsonResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'x' });
    await userEvent.click(screen.getByTestId('review-send'));
    const alert = await screen.findByTestId('review-error');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.querySelector('[data-code]')!.getAttribute('data-code')).toBe('SERVICE_UNAVAILABLE');
  });

  it('puts the server’s rule for the text on the text field', async () => {
    serve({}, [{
      method: 'POST',
      path: '/api/feedbacks',
      reply: () => jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'x', fields: [{ path: 'text', rule: 'tooLong' }] }),
    }]);
    await renderScreen(<ReviewsSection stationId={STATION} />);
    await userEvent.type(await screen.findByTestId('review-text'), 'Words.');
    await userEvent.click(screen.getByTestId('review-send'));
    expect((await screen.findByTestId('review-text-error')).textContent).toBeTruthy();
    expect(screen.getByTestId('review-text').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('review-error')).toBeNull();
  });
});
