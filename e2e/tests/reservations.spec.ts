import type { APIRequestContext, Page } from '@playwright/test';
import { expect, installServiceWorker, test } from './fixtures';
import type { Reservation } from '@evcharge/api/reserves/reserves';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import type { Station } from '@evcharge/station-sim/station';
import {
  accessTokenOf,
  demoDriver,
  expectNoAxeViolations,
  pickStation,
  playStation,
  secondDriver,
  signInOnLoginPage,
} from './support';

// Reservation journeys (SPEC §2 reserve, §4 the two modes): a driver reserves the next 15
// minutes from the connector's QR code, the charge point (our simulator over OCPP 1.6J) holds
// the connector, a second driver sees it Reserved and cannot start there, and the first starts
// on it so the reservation becomes the session; a chosen period cancelled before it begins
// costs nothing.

let station: Station | undefined;

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

const auth = async (page: Page) => ({ authorization: `Bearer ${await accessTokenOf(page)}` });

async function balanceOf(page: Page): Promise<number> {
  const answer = await page.request.get('/api/balance', { headers: await auth(page) });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { balanceMinor: number }).balanceMinor;
}

/**
 * A demo station that takes chosen periods, open round the clock, with a free AC connector,
 * priced in roubles (the demo drivers' wallet currency).
 */
async function pickPeriodStation(request: APIRequestContext): Promise<StationDetail> {
  const list = await request.post('/api/chargestations/guest', {
    data: { connectorTypes: ['type2'], onlyAvailable: true, page: 1, pageSize: 200 },
  });
  const { items } = (await list.json()) as { items: { id: string }[] };
  for (const { id } of items) {
    const detail = (await (await request.get(`/api/v2/chargestation/${id}/guest`)).json()) as StationDetail;
    const free = detail.connectors.some((c) => c.status === 'available' && c.currentType === 'AC');
    const fits = detail.supportsPeriodReservation && detail.tariff!.currency === 'rub';
    if (free && fits && !detail.isPrivate && detail.workHours === '24/7') return detail;
  }
  throw new Error('no demo station that takes chosen periods');
}

function connectorRow(page: Page, number: number) {
  return page.locator(`[data-testid="connector-row"][data-connector="${number}"]`);
}

test('a driver reserves the next 15 minutes, a second driver finds the connector held, and the first starts on it', async ({
  page,
  browser,
  baseURL,
}) => {
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  station = await playStation(baseURL!, detail);

  // From the connector's QR code to the reserve screen: the price and the terms first.
  // The second demo driver pays (the first one's balance is what the sign-in journey shows).
  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await page.goto(`/c/${connector.qrCode}?locale=en`);
  await connectorRow(page, connector.number).getByTestId('connector-reserve').click();
  await expect(page.getByTestId('reserve-form')).toBeVisible();
  await expect(page.getByTestId('reserve-fixed-cost')).toBeVisible();
  await expect(page.getByTestId('reserve-minute-cost')).toBeVisible();
  await expect(page.getByTestId('reserve-pay-with')).toBeVisible();
  // The quick one begins at once: cancelling it is never free, and the screen says what it costs
  // (the fixed cost and a minute's, as the terms above price them) before the driver confirms.
  const cancelTerms = page.getByTestId('reserve-cancel-terms');
  await expect(cancelTerms).toHaveAttribute('data-quick', 'true');
  await expect(cancelTerms).not.toContainText('free before it begins');
  const fixedCost = (await page.getByTestId('reserve-fixed-cost').locator('dd').textContent())!;
  const minuteCost = (await page.getByTestId('reserve-minute-cost').locator('dd').textContent())!;
  const perMinute = minuteCost.replace(' per min', '');
  await expect(cancelTerms).toContainText(
    `the fixed cost of ${fixedCost} plus ${perMinute} for each minute held`,
  );
  await expectNoAxeViolations(page);
  await page.getByTestId('reserve-confirm').click();

  // The reservation screen counts down; the charge point holds the connector.
  const view = page.getByTestId('reservation-view');
  await expect(view).toHaveAttribute('data-status', 'active');
  await expect(page.getByTestId('reservation-countdown')).toBeVisible();
  await expect(page.getByTestId('reservation-cancel')).toBeVisible();
  await expectNoAxeViolations(page);
  await expect.poll(() => station!.connector(connector.number).status).toBe('Reserved');

  // A second driver, in a browser of their own, finds it held and cannot start there.
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  await installServiceWorker(other);
  await signInOnLoginPage(other, demoDriver.email, demoDriver.password);
  await other.goto(`/c/${connector.qrCode}?locale=en`);
  const theirRow = connectorRow(other, connector.number);
  // "Reserved until HH:MM" in their account's language.
  await expect(theirRow.getByTestId('connector-reserved-until')).toContainText(/\d{1,2}:\d{2}/);
  await expect(theirRow.getByTestId('connector-start-held')).toBeDisabled();
  const refused = await other.request.put('/api/charge', {
    headers: { ...(await auth(other)), 'idempotency-key': `e2e-reserved-${Date.now()}` },
    data: { connectorId: connector.id, limit: { mode: 'none' }, profile: 'fast' },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('STATION_BOOKED');
  await context.close();

  // The driver arrives and starts from the reservation: it becomes the session.
  await page.getByTestId('reservation-start').click();
  await expect(page.getByTestId('precharging-page')).toBeVisible();
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('charging-page')).toBeVisible();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  const transactionId = Number(await page.getByTestId('charging-page').getAttribute('data-transaction-id'));
  expect(transactionId).toBeGreaterThan(0);
  const reserves = await page.request.get('/api/user-reserves?offset=0&limit=5', { headers: await auth(page) });
  const ours = ((await reserves.json()) as { items: Reservation[] }).items.find((r) => r.connectorId === connector.id);
  expect(ours).toMatchObject({ status: 'completed', transactionId });

  // Done charging: the driver stops, so the demo connector is free for the next journey.
  const stopped = await page.request.put('/api/charge/stop', {
    headers: await auth(page),
    data: { transactionId },
  });
  expect(stopped.ok()).toBe(true);
  // The car leaves a simulated minute later and the session is settled then (SPEC §4
  // parking): wait for it, so that its cost leaves this driver's wallet within this journey.
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/charge/id/${transactionId}`, { headers: await auth(page) });
        return ((await answer.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('success');
});

test('a chosen period cancelled before it begins costs nothing', async ({ page }) => {
  const detail = await pickPeriodStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  const before = await balanceOf(page);

  await page.goto(`/c/${connector.qrCode}?locale=en`);
  await connectorRow(page, connector.number).getByTestId('connector-reserve').click();
  await page.getByTestId('reserve-mode-period').click();
  await expect(page.getByTestId('reserve-period')).toBeVisible();
  // A later period is what may be cancelled for free, until it begins.
  await expect(page.getByTestId('reserve-cancel-terms')).toContainText('Cancelling is free before it begins');
  await expectNoAxeViolations(page);
  await page.getByTestId('reserve-confirm').click();

  const view = page.getByTestId('reservation-view');
  await expect(view).toHaveAttribute('data-status', 'scheduled');
  await page.getByTestId('reservation-cancel').click();
  await expect(page.getByTestId('reserve-cancel-cost')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByTestId('reserve-cancel-confirm').click();
  await expect(view).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('reservation-cost-total')).toContainText('0.00');
  expect(await balanceOf(page)).toBe(before);
});
