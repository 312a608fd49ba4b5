import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import type { StationDetail, StationSummary } from '@evcharge/api/stations/station-schemas';
import { roamingPrice } from '@evcharge/domain/roaming-price';
import { tariffSummary } from '@evcharge/domain/roaming-tariff-summary';
import { socketTypeIds } from '@evcharge/domain/socket-type';
import { accessTokenOf, expectNoAxeViolations, secondDriver, signInOnLoginPage } from './support';

// SPEC §1 roaming, in the browser: a driver in Helsinki finds the stations of our roaming
// partner NordCharge (apps/ocpi-peer, run beside the server by playwright.config.ts; the server
// registered with it and pulled its locations and tariffs over OCPI 2.2.1), sees its price in
// roubles with our markup, charges there (START_SESSION; the partner's session pushes, every
// second, drive the live screen), stops (STOP_SESSION) and finds the receipt the partner's CDR
// produced, with our roaming fee as its own line. The second demo driver pays.

/** Central Helsinki, a few hundred metres from NordCharge's Kamppi Centre station. */
const helsinki = { latitude: 60.1699, longitude: 24.9384 };
const operator = 'NordCharge';

test.use({ geolocation: helsinki, permissions: ['geolocation'] });

/** The stations nearest to Helsinki, as the server lists them to anyone. */
async function nearHelsinki(request: APIRequestContext, includeRoaming = true): Promise<StationSummary[]> {
  const answer = await request.post('/api/chargestations/guest', {
    data: {
      connectorTypes: [...socketTypeIds],
      near: { lat: helsinki.latitude, lng: helsinki.longitude, radiusKm: 25 },
      includeRoaming,
      page: 1,
      pageSize: 20,
    },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { items: StationSummary[] }).items;
}

async function detailOf(request: APIRequestContext, id: string): Promise<StationDetail> {
  return (await (await request.get(`/api/v2/chargestation/${id}/guest`)).json()) as StationDetail;
}

/** A number as the English locale writes it ("0.05 kWh", "₽1.08"). */
async function numberIn(page: Page, testId: string): Promise<number> {
  return Number((await page.getByTestId(testId).innerText()).replace(/[^\d.]/g, ''));
}

/** An amount as the English locale writes it ("₽1,234.56"), in minor units. */
function minorOf(text: string): number {
  return Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
}

async function listedIds(page: Page): Promise<string[]> {
  return page.getByTestId('station-list-item').evaluateAll((links) => links.map((a) => a.getAttribute('data-station-id') ?? ''));
}

async function setRoamingFilter(page: Page, on: boolean): Promise<void> {
  await page.getByTestId('open-filter').click();
  await expect(page.getByTestId('filter-screen')).toBeVisible();
  await page.getByTestId('filter-roaming').setChecked(on);
  await page.getByTestId('filter-apply').click();
  await page.getByTestId('view-list').click();
}

test('a driver in Helsinki finds a partner’s station, sees its prices in roubles with our fee, charges there and gets the receipt with the roaming fee', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The server registers with the partner at start and pulls its network at once.
  await expect
    .poll(async () => (await nearHelsinki(page.request)).filter((s) => s.roamingOperator === operator).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const partners = (await nearHelsinki(page.request)).filter((s) => s.roamingOperator === operator);
  // The nearest of the partner's stations with a free connector the partner prices.
  let station: StationDetail | undefined;
  for (const { id } of partners) {
    const detail = await detailOf(page.request, id);
    const free = detail.connectors.some((c) => c.status === 'available' && c.roamingTariffId !== null);
    if (free && detail.workHours === '24/7') {
      station = detail;
      break;
    }
  }
  expect(station, 'a NordCharge station with a free connector').toBeDefined();
  const connector = station!.connectors.find((c) => c.status === 'available' && c.roamingTariffId !== null)!;
  const terms = station!.roaming!;
  const tariff = terms.tariffs.find((t) => t.id === connector.roamingTariffId)!;
  // The partner's price per kWh with its VAT; the driver pays it with our markup at the rate.
  const energyPrice = tariffSummary(tariff).elements[0]!.components.find((c) => c.type === 'ENERGY')!.price;
  const perKwhMinor = roamingPrice(Math.round(energyPrice * 1e6), {
    markupPercent: terms.markupPercent,
    rate: terms.rate!,
    partnerMinorDigits: 6,
    driverMinorDigits: 2,
  }).driverMinor;
  const perKwhText = `₽${(perKwhMinor / 100).toFixed(2)}`;
  // The partner's own price beside ours, to the fourth decimal.
  const partnerText = new Intl.NumberFormat('en', {
    style: 'currency',
    currency: tariff.currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(energyPrice);

  // The map, the driver located in Helsinki, the list nearest first: the partner's stations.
  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await page.goto('/?locale=en');
  await page.getByTestId('locate-me').click();
  await page.getByTestId('view-list').click();
  await expect(page.getByTestId('station-list-summary')).toContainText('Nearest to you first');
  const items = page.getByTestId('station-list-item');
  await expect(items.first()).toHaveAttribute('data-station-id', partners[0]!.id);

  // Roaming off: none of them; on again: they are back, nearest first.
  await setRoamingFilter(page, false);
  await expect(page.getByTestId('filter-chips')).toBeVisible();
  await expect(items.first()).not.toHaveAttribute('data-station-id', partners[0]!.id);
  const ours = new Set((await nearHelsinki(page.request, false)).map((s) => s.id));
  expect(ours.size).toBe(0);
  expect((await listedIds(page)).some((id) => partners.some((p) => p.id === id))).toBe(false);
  await setRoamingFilter(page, true);
  await expect(items.first()).toHaveAttribute('data-station-id', partners[0]!.id);
  // Every station in the Helsinki area is the partner's.
  const nearby = (await listedIds(page)).slice(0, partners.length);
  expect(new Set(nearby)).toEqual(new Set(partners.map((p) => p.id)));

  // The station page: whose station it is, and its price card in roubles with our fee.
  await page.locator(`[data-testid="station-list-item"][data-station-id="${station!.id}"]`).click();
  await expect(page.getByTestId('station-page')).toBeVisible();
  await expect(page.getByTestId('station-header')).toContainText(`Roaming station of ${operator}`);
  const card = page.getByTestId('station-roaming-tariff');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('roaming-operator')).toContainText(operator);
  await expect(card.getByTestId('roaming-rate').first()).toContainText(`1 EUR = ₽${Number(terms.rate).toFixed(2)}`);
  await expect(card.getByTestId('roaming-rate').first()).toContainText(`${terms.markupPercent}%`);
  const priced = card.locator(`[data-testid="roaming-tariff"][data-tariff-id="${tariff.id}"]`);
  await expect(priced.getByTestId('roaming-driver-price').first()).toHaveText(`${perKwhText} per kWh`);
  await expect(priced.getByTestId('roaming-partner-price').first()).toContainText(partnerText);
  await expectNoAxeViolations(page);

  // The start screen shows the same price for this connector.
  const row = page.locator(`[data-testid="connector-row"][data-connector="${connector.number}"]`);
  await row.getByTestId('connector-start').click();
  await expect(page.getByTestId('precharging-page')).toBeVisible();
  await expect(page.getByTestId('precharge-roaming-operator')).toContainText(operator);
  await expect(page.getByTestId('precharge-roaming-prices').getByTestId('roaming-driver-price').first()).toHaveText(`${perKwhText} per kWh`);
  await expectNoAxeViolations(page);
  await page.getByTestId('start-charge').click();

  // Live: the partner's pushes raise the energy and the cost.
  await expect(page.getByTestId('charging-page')).toBeVisible();
  const transactionId = Number(await page.getByTestId('charging-page').getAttribute('data-transaction-id'));
  expect(transactionId).toBeGreaterThan(0);
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => numberIn(page, 'live-energy'), { timeout: 20_000 }).toBeGreaterThan(0);
  const early = await numberIn(page, 'live-energy');
  await expect.poll(() => numberIn(page, 'live-energy'), { timeout: 20_000 }).toBeGreaterThan(early);
  await expect.poll(() => numberIn(page, 'live-cost'), { timeout: 20_000 }).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // Stop: the partner ends the session and sends its CDR; the summary shows what it cost.
  await page.getByTestId('stop-charge').click();
  await page.getByTestId('stop-confirm').click();
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 20_000 });
  const token = await accessTokenOf(page);
  const session = (await (
    await page.request.get(`/api/charge/id/${transactionId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as ChargeDetail;
  expect(session.status).toBe('success');
  expect(session.currency).toBe('rub');
  expect(session.costMinor).toBeGreaterThan(0);
  expect(minorOf(await page.getByTestId('summary-cost').innerText())).toBe(session.costMinor);

  // The receipt: the partner's items and our roaming fee, adding up to what was paid.
  await page.goto('/profile');
  await page.getByTestId('profile-receipts-link').click();
  await page.getByTestId('receipt-item').filter({ hasText: station!.name }).first().click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-session')).toContainText(String(transactionId));
  await expect(receipt.getByTestId('receipt-session')).toContainText(station!.name);
  const fee = receipt.getByTestId('receipt-item-row').filter({ has: page.getByTestId('receipt-item-title').getByText('Roaming fee') });
  await expect(fee).toHaveCount(1);
  expect(minorOf(await fee.getByTestId('receipt-item-amount').innerText())).toBeGreaterThan(0);
  const amounts = await receipt.getByTestId('receipt-item-amount').allInnerTexts();
  expect(amounts.map(minorOf).reduce((sum, minor) => sum + minor, 0)).toBe(session.costMinor);
  expect(minorOf(await receipt.getByTestId('receipt-total').innerText())).toBe(session.costMinor);
  await expectNoAxeViolations(page);
});
