import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { demoDriver, expectNoAxeViolations, signIn } from './support';

const dcSockets = ['ccs1', 'ccs2', 'chademo', 'gbt-dc'];

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a visitor filters the map to DC above 50 kW and the list shows only such stations', async ({ page }) => {
  await page.goto('/?locale=en');
  await expect(page.getByTestId('map-container')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByTestId('open-filter').click();
  await expect(page.getByTestId('filter-screen')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByTestId('filter-connectors-none').click();
  await expect(page.getByTestId('filter-apply')).toBeDisabled();
  for (const socket of dcSockets) await page.getByTestId(`filter-connector-${socket}`).check();
  await page.getByTestId('filter-power-choices').getByRole('radio', { name: /^≥ 50 kW/ }).check();
  await page.getByTestId('filter-apply').click();

  await expect(page.getByTestId('filter-chips')).toBeVisible();
  const listed = page.waitForResponse(
    (response) => response.url().includes('/api/chargestations/guest') && response.request().method() === 'POST',
  );
  await page.getByTestId('view-list').click();
  const items = page.getByTestId('station-list-item');
  await expect(items.first()).toBeVisible();
  // Chromium asks for zstd (Accept-Encoding: gzip, deflate, br, zstd): the list came that way.
  expect((await listed).headers()['content-encoding']).toBe('zstd');
  await expectNoAxeViolations(page);

  // Every station listed has a DC port of at least 50 kW: checked against the station itself.
  const ids = await items.evaluateAll((links) => links.map((a) => a.getAttribute('data-station-id')));
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids.slice(0, 10)) {
    const detail = await (await page.request.get(`/api/v2/chargestation/${id}/guest`)).json();
    const matching = detail.connectors.filter(
      (c: { socketType: string; powerKw: number }) => dcSockets.includes(c.socketType) && c.powerKw >= 50,
    );
    expect(matching.length, `station ${id}`).toBeGreaterThan(0);
  }

  await items.first().click();
  await expect(page.getByTestId('station-page')).toBeVisible();
  await expect(page.getByTestId('connector-row').first()).toBeVisible();
  await expect(page.getByTestId('station-tariff')).toBeVisible();
  await expect(page.getByTestId('station-hours')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a QR link opens the right connector and, after sign-in, returns to it', async ({ page }) => {
  const list = await page.request.post('/api/chargestations/guest', {
    data: { connectorTypes: ['type2', 'ccs2'], pageSize: 5 },
  });
  const stationId = (await list.json()).items[0].id as string;
  const detail = await (await page.request.get(`/api/v2/chargestation/${stationId}/guest`)).json();
  const connector = detail.connectors[detail.connectors.length - 1];

  await page.goto(`/c/${connector.qrCode}?locale=en`);
  await expect(page.getByTestId('station-page')).toBeVisible();
  await expect(page.getByTestId('station-header')).toContainText(detail.name);
  const chosen = page.locator('[data-testid="connector-row"][data-chosen="true"]');
  await expect(chosen).toHaveAttribute('data-connector', String(connector.number));

  await page.getByTestId('station-sign-in').click();
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await signIn(page, demoDriver.email, demoDriver.password);
  await expect(page.getByTestId('login-dialog')).toBeHidden();

  await expect(page).toHaveURL(new RegExp(`/detailStation\\?id=${stationId}&connector=${connector.number}`));
  await expect(chosen).toHaveAttribute('data-connector', String(connector.number));
  await expect(page.getByTestId('station-sign-in-prompt')).toHaveCount(0);
});

test('a wrong QR code says so and offers the way back to the map', async ({ page }) => {
  await page.goto('/c/not-a-code?locale=en');
  await expect(page.getByTestId('qr-error-incorrect')).toBeVisible();
  await expect(page.getByTestId('back-to-map')).toBeVisible();
  await page.goto('/c/ZZZ9999-1?locale=en');
  await expect(page.getByTestId('station-not-found')).toBeVisible();
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('map, list, filter and station fit a small phone', async ({ page }) => {
    await page.goto('/?locale=en');
    await expect(page.getByTestId('map-container')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByTestId('view-list').click();
    await expect(page.getByTestId('station-list-item').first()).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByTestId('station-list-item').first().click();
    await expect(page.getByTestId('station-page')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await page.goto('/?view=filter&locale=en');
    await expect(page.getByTestId('filter-screen')).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
