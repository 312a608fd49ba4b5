import type { Page } from '@playwright/test';
import { supportHours } from '@evcharge/domain/support';
import type { Station } from '@evcharge/station-sim/station';
import { expect, test } from './fixtures';
import { demoDriver, expectNoAxeViolations, pickStation, playStation, secondDriver, signInOnLoginPage, startFromQrCode } from './support';

// SPEC §2 comments and chat, §6 support staff and the administrator interface: a driver's
// review with a photo waits for a moderator, who approves it in the staff console at /admin/,
// and every visitor then sees it on the station; a driver writes to support while charging,
// support sees the session and answers in the console, and the driver's chat shows the answer
// without a reload. The console opens in the same browser, where the driver app's service
// worker is installed: /admin/ must reach the console, not the driver app's shell.

const moderator = { email: 'moderator@evcharge.demo', password: 'Moder1234' };
const supportAgent = { email: 'support@evcharge.demo', password: 'Support1234' };

/** A 48×32 PNG, as a phone's photo would be sent (well under the 500 kB limit). */
const photoPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCl+SCmcnQH2PPOFgAET03NF/drCtAQdGhmiFsWdbxg2CMDtUMYcuyDiF80KJDNUPYssihCMY6HRwe1wdmlRhbNwb8qAAAAABJRU5ErkJggg==',
  'base64',
);

let station: Station | undefined;

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

async function signInToConsole(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/admin/?locale=en');
  await page.getByTestId('console-email').fill(account.email);
  await page.getByTestId('console-password').fill(account.password);
  await page.getByTestId('console-signin').click();
}

test('a review with a photo waits for a moderator, is approved in the console and shows on the station', async ({ page, context }) => {
  const detail = await pickStation(page.request);
  const text = `Fast and clean, the cable reaches any car ${Date.now()}.`;

  await signInOnLoginPage(page, demoDriver.email, demoDriver.password);
  await page.goto(`/detailStation?id=${detail.id}&locale=en`);
  const form = page.getByTestId('review-write');
  await form.getByTestId('review-text').fill(text);
  await form.getByTestId('review-worked-yes').click();
  await form.getByTestId('review-photos').setInputFiles({ name: 'station.png', mimeType: 'image/png', buffer: photoPng });
  await form.getByTestId('review-send').click();
  const own = page.getByTestId('review').filter({ hasText: text });
  await expect(own).toHaveAttribute('data-status', 'pending');
  // The pending photo is the author's alone: it loads with their token.
  await expect(own.getByTestId('review-photo').locator('img')).toHaveJSProperty('complete', true);
  await expect.poll(() => own.getByTestId('review-photo').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);

  // The moderator, in the console in the same browser.
  const staff = await context.newPage();
  await signInToConsole(staff, moderator);
  await staff.getByTestId('console-nav-moderation').click();
  const queued = staff.getByTestId('console-review').filter({ hasText: text });
  await expect(queued).toBeVisible();
  await expect.poll(() => queued.getByTestId('console-review-photo').locator('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await expectNoAxeViolations(staff);
  await queued.getByTestId('console-approve').click();
  await expect(queued).toHaveCount(0);
  await staff.close();

  // Every visitor now sees it, with its photo.
  const visitor = await context.browser()!.newContext();
  const guest = await visitor.newPage();
  await guest.goto(`/detailStation?id=${detail.id}&locale=en`);
  const shown = guest.getByTestId('review').filter({ hasText: text });
  await expect(shown).toHaveAttribute('data-status', 'approved');
  await shown.getByTestId('review-photo').scrollIntoViewIfNeeded();
  await expect.poll(() => shown.getByTestId('review-photo').locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(48);
  await visitor.close();
});

test('a driver writes to support while charging; support sees the session and answers in the console; the chat shows it live', async ({ page, context, baseURL }) => {
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  station = await playStation(baseURL!, detail);

  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await startFromQrCode(page, connector);
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  const transactionId = Number(await page.getByTestId('charging-page').getAttribute('data-transaction-id'));

  // From the charging screen to the chat, about this session.
  await page.getByTestId('support-link').click();
  await expect(page.getByTestId('chat-page')).toBeVisible();
  await expect(page.getByTestId('chat-hours')).toBeVisible();
  await expect(page.getByTestId('chat-session-chip')).toContainText(String(transactionId));
  const question = `The cable is stiff, is the session fine? ${Date.now()}`;
  await page.getByTestId('chat-text').fill(question);
  await page.getByTestId('chat-send').click();
  const asked = page.getByTestId('chat-message').filter({ hasText: question });
  await expect(asked).toHaveAttribute('data-author', 'user');
  await expect(asked).toContainText(detail.name);
  // Outside the hours (9:00-21:00 UTC+2) the service says when support answers.
  if (!supportHours(new Date()).open) await expect(page.getByTestId('chat-notice').last()).toBeVisible();
  await expectNoAxeViolations(page);

  // Support, in the console in the same browser: the conversation waits, with the session.
  const staff = await context.newPage();
  await signInToConsole(staff, supportAgent);
  await staff.getByTestId('console-nav-support').click();
  const conversation = staff.getByTestId('console-conversation').filter({ hasText: 'Anna' }).first();
  // Waiting for an answer: the minutes it has waited.
  await expect(conversation).toHaveAttribute('data-waiting', /^\d+$/);
  await conversation.click();
  const carried = staff.getByTestId('console-message').filter({ hasText: question });
  await expect(carried).toContainText(detail.name);
  await expect(staff.getByTestId('console-context')).toContainText('anna@evcharge.demo');
  const answer = `All is well: your car is charging at ${detail.name}.`;
  await staff.getByTestId('console-answer-text').fill(answer);
  await staff.getByTestId('console-answer-send').click();
  await expect(staff.getByTestId('console-message').filter({ hasText: answer })).toHaveAttribute('data-author', 'support');
  await expectNoAxeViolations(staff);

  // The driver's chat shows the answer without a reload, and support's read mark comes back.
  const answered = page.getByTestId('chat-message').filter({ hasText: answer });
  await expect(answered).toHaveAttribute('data-author', 'support', { timeout: 30_000 });
  await expect(asked.getByTestId('chat-read-mark')).toHaveAttribute('data-read', 'true', { timeout: 30_000 });
  await staff.close();

  // The session ends as the driver asks: the next journeys find Anna without one.
  await page.goto(`/charging?tx=${transactionId}&locale=en`);
  await page.getByTestId('stop-charge').click();
  await page.getByTestId('stop-confirm').click();
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 45_000 });
});
