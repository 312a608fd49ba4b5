import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, secondDriver, signInOnLoginPage } from './support';

// SPEC §2 comments: a station's reviews on a screen of their own. The station page shows the
// newest few and links to all of them; there a driver reads them newest first, writes one and
// sees it waiting for a moderator; a visitor reads the same screen and is asked to sign in.

type ReviewsAnswer = { items: { text: string; createdAt: string }[]; total: number };

/** A demo station with several approved reviews (apps/server/src/demo/reviews.ts). */
async function stationWithReviews(
  request: APIRequestContext,
): Promise<{ id: string; reviews: ReviewsAnswer }> {
  const list = await request.post('/api/chargestations/guest', {
    data: { connectorTypes: ['type2', 'ccs2'], page: 1, pageSize: 100 },
  });
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { id: string }[] };
  for (const { id } of items) {
    const reviews = (await (
      await request.get(`/api/feedbacks/approved/${id}?page=1&pageSize=10`)
    ).json()) as ReviewsAnswer;
    if (reviews.total >= 2) return { id, reviews };
  }
  throw new Error('no demo station has two approved reviews');
}

test('from a station to all its reviews: newest first, a new one written there waits for a moderator', async ({
  page,
  request,
}) => {
  const { id, reviews } = await stationWithReviews(request);
  const text = `Both connectors were free at noon ${Date.now()}.`;

  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await page.goto(`/detailStation?id=${id}&locale=en`);
  const all = page.getByTestId('reviews-all');
  await expect(all).toHaveText(`All reviews (${reviews.total})`);
  await all.click();

  await expect(page).toHaveURL(new RegExp(`/comments\\?id=${id}$`));
  const screen = page.getByTestId('comments-page');
  await expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const approved = screen.getByTestId('reviews-approved').getByTestId('review');
  await expect(approved).toHaveCount(reviews.total);
  // Newest first, as the server keeps them.
  const dates = await approved
    .locator('time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  expect(dates).toEqual([...dates].sort().reverse());
  await expect(approved.first()).toContainText(reviews.items[0]!.text);

  const form = screen.getByTestId('review-write');
  await form.getByTestId('review-text').fill(text);
  await form.getByTestId('review-worked-yes').click();
  await form.getByTestId('review-send').click();
  await expect(screen.getByTestId('review-sent')).toBeVisible();
  const own = screen.getByTestId('reviews-mine').getByTestId('review').filter({ hasText: text });
  await expect(own).toHaveAttribute('data-status', 'pending');
  await expect(own.getByTestId('review-pending')).toHaveText('Waiting for a moderator');
  await expectNoAxeViolations(page);
  // Still there after a reload: the server keeps it among the driver's own.
  await page.reload();
  await expect(
    page.getByTestId('reviews-mine').getByTestId('review').filter({ hasText: text }),
  ).toHaveAttribute('data-status', 'pending');
  await expect(page.getByTestId('reviews-approved').getByTestId('review')).toHaveCount(
    reviews.total,
  );

  // Back to the station.
  await page.getByTestId('comments-back').click();
  await expect(page).toHaveURL(new RegExp(`/detailStation\\?id=${id}$`));
});

test('a visitor opens a station’s reviews directly, reads them and is asked to sign in to write', async ({
  page,
  request,
}) => {
  const { id, reviews } = await stationWithReviews(request);
  await page.goto(`/comments?id=${id}&locale=en`);
  await expect(page).toHaveURL(new RegExp(`/comments\\?id=${id}`));
  const screen = page.getByTestId('comments-page');
  await expect(screen.getByTestId('reviews-approved').getByTestId('review')).toHaveCount(
    reviews.total,
  );
  await expect(screen.getByTestId('review-write')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screen.getByTestId('reviews-sign-in-button').click();
  await expect(page.getByTestId('login-email')).toBeVisible();
});
