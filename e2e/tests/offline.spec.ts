import type { Page } from '@playwright/test';
import type { Station } from '@evcharge/station-sim/station';
import { expect, serviceWorkerControls, test } from './fixtures';
import { pickStation, playStation, secondDriver, signInOnLoginPage, startFromQrCode } from './support';

// SPEC §2 offline: a returning driver's installed app keeps the last stations seen and the
// live session's screen without a network, says what needs one, and catches up when the
// network is back. The network is cut with the browser's own offline switch.

let station: Station | undefined;

test.afterEach(async ({ context }) => {
  await context.setOffline(false);
  await station?.close();
  station = undefined;
});

/** The service worker has kept this station's details (public/offline-sw.js). */
async function stationKept(page: Page, id: string): Promise<boolean> {
  return page.evaluate(async (stationId) => {
    const cache = await caches.open('evcharge-stations');
    const keys = await cache.keys();
    return keys.some((key) => key.url.includes(`/api/v2/chargestation/${stationId}/guest`));
  }, id);
}

async function energyIn(page: Page): Promise<number> {
  return Number((await page.getByTestId('live-energy').innerText()).replace(/[^\d.,]/g, '').replace(',', '.'));
}

test('offline, a visitor still sees the last stations seen, is told what needs a connection, and the app recovers', async ({
  page,
  context,
}) => {
  await page.goto('/?locale=en');
  await expect(page.getByTestId('map-container')).toBeVisible();
  await page.getByTestId('view-list').click();
  const items = page.getByTestId('station-list-item');
  await expect(items.first()).toBeVisible();
  const listed = await items.evaluateAll((links) => links.map((a) => a.getAttribute('data-station-id')));
  await items.first().click();
  await expect(page.getByTestId('station-page')).toBeVisible();
  const id = (await page.getByTestId('station-page').getAttribute('data-station-id'))!;
  const name = await page.getByRole('heading', { level: 1 }).innerText();
  await expect.poll(() => stationKept(page, id)).toBe(true);
  await expect(page.getByTestId('offline-indicator')).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  expect(await serviceWorkerControls(page)).toBe(true);
  await expect(page.getByTestId('station-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByTestId('connector-row').first()).toBeVisible();
  const indicator = page.getByTestId('offline-indicator');
  await expect(indicator).toBeVisible();
  await expect(indicator).toContainText('No connection.');
  await expect(page.getByRole('status').filter({ has: indicator })).toHaveAttribute('aria-live', 'polite');
  // A visitor's reservation (and its sign-in) waits for the network, saying so.
  const reserve = page.getByTestId('connector-reserve').first();
  if ((await reserve.count()) > 0) {
    await expect(reserve).toBeDisabled();
    await expect(page.getByTestId('needs-connection').first()).toHaveText('Needs a connection');
  }

  // The map home's list, from the stations kept.
  await page.getByTestId('station-back').click();
  await page.getByTestId('view-list').click();
  await expect(items.first()).toBeVisible();
  const shown = await items.evaluateAll((links) => links.map((a) => a.getAttribute('data-station-id')));
  expect(shown.some((station) => listed.includes(station))).toBe(true);
  await expect(indicator).toBeVisible();

  await context.setOffline(false);
  await expect(indicator).toHaveCount(0);
  await items.first().click();
  await expect(page.getByTestId('station-page')).toBeVisible();
  await expect(page.getByTestId('needs-connection')).toHaveCount(0);
});

test('offline, a driver cannot start but keeps the live session with its last figures, and it catches up when back', async ({
  page,
  context,
  baseURL,
}) => {
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  station = await playStation(baseURL!, detail);
  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);

  // The start needs the server: offline the station's Start says so.
  await page.goto(`/c/${connector.qrCode}?locale=en`);
  const chosen = page.locator('[data-testid="connector-row"][data-chosen="true"]');
  await expect(chosen.getByTestId('connector-start')).toBeEnabled();
  await context.setOffline(true);
  await expect(chosen.getByTestId('connector-start')).toBeDisabled();
  await expect(chosen.getByTestId('needs-connection')).toHaveText('Needs a connection');
  await context.setOffline(false);
  await expect(chosen.getByTestId('connector-start')).toBeEnabled();

  await startFromQrCode(page, connector);
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => energyIn(page), { timeout: 20_000 }).toBeGreaterThan(0);

  // Offline: the last figures stay, with when they are from; stopping waits for the network.
  await context.setOffline(true);
  const note = page.getByTestId('offline-figures');
  await expect(note).toContainText(/No connection — figures as of \d{1,2}:\d{2}/);
  await expect(page.getByTestId('live-figures')).toBeVisible();
  await expect(page.getByTestId('stop-charge')).toBeDisabled();
  await expect(page.getByTestId('stop-needs-connection')).toHaveText('Needs a connection');
  const offlineEnergy = await energyIn(page);

  // Back online: the poll resumes from its cursor and the figures move on.
  await context.setOffline(false);
  await expect(note).toHaveCount(0);
  await expect(page.getByTestId('stop-charge')).toBeEnabled();
  await expect.poll(() => energyIn(page), { timeout: 30_000 }).toBeGreaterThan(offlineEnergy);
  await expect(page.getByTestId('catching-up')).toHaveCount(0);

  // And the stop goes through again.
  await page.getByTestId('stop-charge').click();
  await page.getByTestId('stop-confirm').click();
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 30_000 });
});
