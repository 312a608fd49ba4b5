import type { Page } from '@playwright/test';
import { expect, installServiceWorker, test } from './fixtures';
import type { PrivateStation } from '@evcharge/api/private-stations/private-stations';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import type { Station } from '@evcharge/station-sim/station';
import {
  accessTokenOf,
  demoPrivateStation,
  expectNoAxeViolations,
  playStation,
  register,
  secondDriver,
  signInOnLoginPage,
  startFromQrCode,
  uniqueEmail,
} from './support';

// SPEC §1, §2 myCharges and the schedule of a private station: a driver adds a demo charge
// point by its code and secret (README "Demo"), shares it round the clock at their price,
// another driver charges on it, then the owner makes today a date off and that driver's next
// start is refused; the owner sees what the session earned them. The charge point is played
// by our simulator over OCPP 1.6J, 30 times faster than real time.

let station: Station | undefined;

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

/** The station's local date today (its dates off are in its own time). */
function stationToday(utcOffsetMinutes: number): string {
  return new Date(Date.now() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

async function ownStations(page: Page): Promise<PrivateStation[]> {
  const token = await accessTokenOf(page);
  const answer = await page.request.get('/api/chargestation/get/private', { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { items: PrivateStation[] }).items;
}

test('an owner adds a demo charge point and shares it; another driver charges inside the schedule and is refused on a date off; the owner earns', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  // The owner: a new driver, with no money at all (their own station costs them nothing).
  await register(page, { name: 'Olga', email: uniqueEmail('owner'), password: 'Owner1234' });
  await page.goto('/profile?locale=en');
  await page.getByTestId('profile-my-charges-link').click();
  await expect(page.getByTestId('owner-empty')).toBeVisible();
  await expectNoAxeViolations(page);

  // Adding it: a wrong secret is refused with the tries left, the printed one adds it.
  await page.getByTestId('owner-add').first().click();
  const dialog = page.getByTestId('owner-claim-dialog');
  await dialog.getByTestId('owner-claim-code').fill(demoPrivateStation.code);
  await dialog.getByTestId('owner-claim-secret').fill('0000-0000');
  await dialog.getByTestId('owner-claim-submit').click();
  await expect(dialog.getByTestId('owner-claim-error')).toContainText('The secret does not match this station code. Tries left: 4');
  await dialog.getByTestId('owner-claim-secret').fill(demoPrivateStation.secret);
  await dialog.getByTestId('owner-claim-submit').click();
  await expect(page.getByTestId('owner-added')).toContainText(`Station ${demoPrivateStation.code} is yours now`);
  const card = page.locator(`[data-testid="owner-station"][data-code="${demoPrivateStation.code}"]`);
  await expect(card.getByTestId('owner-sharing')).toHaveText('Only for you');

  // Its charge point comes online; the owner sees it live.
  const [own] = await ownStations(page);
  const ownerToken = await accessTokenOf(page);
  const detail = (await (
    await page.request.get(`/api/v2/chargestation/${own!.id}`, { headers: { authorization: `Bearer ${ownerToken}` } })
  ).json()) as StationDetail;
  station = await playStation(baseURL!, detail);
  await expect(card.getByTestId('owner-online')).toHaveText('Connected', { timeout: 20_000 });
  await expectNoAxeViolations(page);

  // Shared round the clock (each day's first hours are the whole day) at 20.00 per kWh.
  await card.getByTestId('owner-schedule-link').click();
  await expect(page.getByTestId('schedule-form')).toBeVisible();
  await page.getByTestId('schedule-shared').check();
  for (const add of await page.getByTestId('schedule-add-interval').all()) await add.click();
  await expect(page.getByTestId('schedule-interval')).toHaveCount(7);
  await page.getByTestId('schedule-price-perKwhMinor').fill('20');
  await expect(page.getByTestId('schedule-fee')).toContainText('15%');
  await expectNoAxeViolations(page);
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('schedule-saved')).toBeVisible();
  await expect(page.getByTestId('schedule-now')).toHaveAttribute('data-shared', 'true');

  // Another driver finds it (its QR code works for them now) and charges 1 kWh at the owner's price.
  const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
  const other = await context.newPage();
  await installServiceWorker(other);
  await signInOnLoginPage(other, secondDriver.email, secondDriver.password);
  const connector = detail.connectors.find((c) => c.currentType === 'AC') ?? detail.connectors[0]!;
  await startFromQrCode(other, connector);
  await other.getByTestId('limit-mode-energy').click();
  await other.getByTestId('limit-value').fill('1');
  await other.getByTestId('start-charge').click();
  await expect(other.getByTestId('charging-page')).toBeVisible();
  await expect(other.getByTestId('session-summary')).toBeVisible({ timeout: 60_000 });
  const transactionId = Number(await other.getByTestId('charging-page').getAttribute('data-transaction-id'));
  await other.getByTestId('session-close').click();

  // Ready to start again, when the owner makes today a date off.
  await startFromQrCode(other, connector);
  await page.getByTestId('schedule-date').fill(stationToday(detail.utcOffsetMinutes));
  await page.getByTestId('schedule-add-date').click();
  await page.getByTestId('schedule-save').click();
  await expect(page.getByTestId('schedule-now')).toHaveAttribute('data-shared', 'false');
  await other.getByTestId('start-charge').click();
  await expect(other.getByTestId('start-error')).toContainText('The station was not found.');
  // And its page is gone for them.
  await other.goto(`/detailStation?id=${detail.id}&locale=en`);
  await expect(other.getByTestId('station-not-found')).toBeVisible();
  await context.close();

  // The owner: the session on their list, what it earned (its cost less 15 %), in the total.
  await page.goto('/myCharges?locale=en');
  const session = card.locator(`[data-testid="owner-session"][data-transaction-id="${transactionId}"]`);
  await expect(session).toContainText('Another driver');
  await expect(session.getByTestId('owner-session-earned')).toContainText('You earned');
  const [after] = await ownStations(page);
  const earned = after!.sessions.find((s) => s.transactionId === transactionId)!;
  expect(earned.costMinor).toBeGreaterThan(0);
  expect(earned.earnedMinor).toBe(earned.costMinor - Math.round((earned.costMinor * 15) / 100));
  await expect(page.getByTestId('owner-earnings-total')).not.toHaveText('Nothing yet');
  await expectNoAxeViolations(page);
});
