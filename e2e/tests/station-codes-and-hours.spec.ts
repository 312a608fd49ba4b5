import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { socketTypeIds } from '@evcharge/domain/socket-type';
import { secondDriver, signInOnLoginPage } from './support';

// The code printed on a station and its connectors is the one the QR code carries (SPEC §2
// c/{AltNameAndConnectorId}); a station outside its hours takes no start (SPEC §3 schedule).

/** Public demo station details, page by page, until `wanted` says yes. */
async function findStation(
  request: APIRequestContext,
  wanted: (detail: StationDetail) => boolean,
): Promise<StationDetail> {
  for (let page = 1; page <= 3; page += 1) {
    const list = await request.post('/api/chargestations/guest', {
      data: { connectorTypes: [...socketTypeIds], page, pageSize: 100 },
    });
    expect(list.ok()).toBe(true);
    const { items } = (await list.json()) as { items: { id: string }[] };
    for (const { id } of items) {
      const detail = (await (await request.get(`/api/v2/chargestation/${id}/guest`)).json()) as StationDetail;
      if (!detail.isPrivate && wanted(detail)) return detail;
    }
  }
  throw new Error('no demo station fits');
}

test('the code printed on the station page, typed as /c/<code>-<n> with or without its hyphen, opens that connector', async ({ page }) => {
  const detail = await findStation(page.request, (d) => d.connectors.length >= 2);
  await page.goto(`/detailStation?id=${detail.id}&locale=en`);
  await expect(page.getByTestId('station-header')).toContainText(`Station ${detail.code}`);
  const row = page.locator('[data-testid="connector-row"][data-connector="2"]');
  const printed = (await row.getByTestId('connector-code').innerText()).replace(/^Code:\s*/, '');
  expect(printed).toBe(`${detail.code}-2`);

  for (const typed of [printed, printed.replace(`${detail.code}-`, `${detail.code.replaceAll('-', '')}-`), printed.toLowerCase()]) {
    await page.goto(`/c/${typed}?locale=en`);
    await expect(page).toHaveURL(new RegExp(`/detailStation\\?id=${detail.id}&connector=2`));
    await expect(page.locator('[data-testid="connector-row"][data-chosen="true"]')).toHaveAttribute('data-connector', '2');
  }

  await page.goto('/c/MOW-000-07-1?locale=en');
  await expect(page.getByTestId('qr-error-incorrect')).toContainText('Incorrect QR code');
  await page.getByTestId('back-to-map').click();
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test('a closed station shows one closed state and refuses a start, saying when it opens', async ({ page }) => {
  // Demo stations keep half-day hours (00:00–12:00 or 12:00–24:00): one of them is closed now;
  // roubles, the demo drivers' wallet currency, so that only the hours stand in the way.
  const detail = await findStation(
    page.request,
    (d) => d.tariff?.currency === 'rub' && d.label === 'works' && !d.isOpenNow && d.opensAt !== null && d.connectors.some((c) => c.status === 'available'),
  );
  const connector = detail.connectors.find((c) => c.status === 'available')!;
  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);

  await page.goto(`/detailStation?id=${detail.id}&locale=en`);
  const state = page.getByTestId('station-header').getByTestId('station-state');
  await expect(state).toHaveAttribute('data-state', 'closed');
  await expect(state).toContainText('Closed · opens at');
  await expect(page.getByTestId('station-header')).not.toContainText('Works');
  await expect(page.getByTestId('station-closed-note')).toBeVisible();
  await expect(page.getByTestId('connector-start')).toHaveCount(0);

  // Straight to the start screen (a bookmark, an old tab): it says so before Start, translated,
  // and the server refuses a start asked for anyway.
  await page.goto(`/precharging?station=${detail.id}&connector=${connector.number}&locale=en`);
  await expect(page.getByTestId('closed-notice')).toContainText(`The station is closed. Opens at ${detail.opensAt!.time}.`);
  await expect(page.getByTestId('start-charge')).toBeDisabled();
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('client') ?? '{}').accessToken as string);
  const refused = await page.request.put('/api/charge', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `closed-${Date.now()}` },
    data: { connectorId: connector.id, limit: { mode: 'none' }, profile: 'fast' },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('STATION_CLOSED');

});
