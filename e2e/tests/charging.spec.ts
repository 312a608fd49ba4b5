import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ChargeDetail } from '@evcharge/api/charges/charge-schemas';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { sessionCost } from '@evcharge/domain/tariff';
import { createStation, type Station } from '@evcharge/station-sim/station';
import { expectNoAxeViolations, secondDriver, signInOnLoginPage } from './support';

// Issue 4's journey: a driver scans the QR code on a connector, starts with an energy limit,
// watches the energy rise, the server stops the session at the limit, and the history shows
// it with the cost the tariff gives. The station is a demo station played by our simulator
// over OCPP 1.6J, 30 times faster than real time.

const SPEED = 30;
let station: Station | undefined;

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

/**
 * A demo station with a free AC connector and a plain tariff (per kWh, no time zones) in
 * roubles, the demo drivers' wallet currency.
 */
async function pickStation(request: APIRequestContext): Promise<StationDetail> {
  const list = await request.post('/api/chargestations/guest', {
    data: { connectorTypes: ['type2'], onlyAvailable: true, page: 1, pageSize: 100 },
  });
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { id: string }[] };
  for (const { id } of items) {
    const detail = (await (await request.get(`/api/v2/chargestation/${id}/guest`)).json()) as StationDetail;
    const free = detail.connectors.some((c) => c.status === 'available' && c.currentType === 'AC');
    const plain =
      detail.tariff.currency === 'rub' &&
      detail.tariff.zones.length === 0 &&
      detail.tariff.perKwhMinor > 0 &&
      detail.nextTariff === null;
    // Open round the clock: a station that closes while the journey runs would refuse its start.
    if (free && plain && !detail.isPrivate && detail.workHours === '24/7') return detail;
  }
  throw new Error('no demo station with a free AC connector and a plain tariff');
}

async function playStation(baseURL: string, detail: StationDetail): Promise<Station> {
  const sim = createStation({
    url: `${baseURL.replace(/^http/, 'ws')}/ocpp`,
    id: detail.code,
    password: `demo-${detail.code.toLowerCase()}`,
    connectors: detail.connectors.map((c) => ({
      number: c.number,
      currentType: c.currentType,
      socketType: c.socketType,
      powerW: Math.round(c.powerKw * 1000),
    })),
    speed: SPEED,
    meterIntervalMs: 10_000,
    // The driver's car: plugged in by the remote start, gone a simulated minute after it ends.
    autoPlug: { batteryKwh: 60, socPercent: 30, maxAcKw: 11, maxDcKw: 100 },
    autoUnplugAfterMs: 60_000,
  });
  await sim.connect({ timeoutMs: 15_000 });
  return sim;
}

async function numberIn(page: Page, testId: string): Promise<number> {
  const text = (await page.getByTestId(testId).innerText()).replace(/[^\d.,]/g, '').replace(',', '.');
  return Number(text);
}

test('a driver starts from the QR code with an energy limit, the session stops at the limit, and history shows its cost', async ({
  page,
  baseURL,
}) => {
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  station = await playStation(baseURL!, detail);

  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await page.goto(`/c/${connector.qrCode}?locale=en`);
  const chosen = page.locator('[data-testid="connector-row"][data-chosen="true"]');
  await expect(chosen).toHaveAttribute('data-connector', String(connector.number));
  await chosen.getByTestId('connector-start').click();

  await expect(page.getByTestId('precharging-page')).toBeVisible();
  await page.getByTestId('limit-mode-energy').click();
  // A limit type without a value cannot start.
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('limit-value-error')).toBeVisible();
  await page.getByTestId('limit-value').fill('1');
  await expect(page.getByTestId('estimate-energy')).toContainText('1');
  await expectNoAxeViolations(page);
  await page.getByTestId('start-charge').click();

  // The live session: energy rises while the car draws.
  await expect(page.getByTestId('charging-page')).toBeVisible();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  const transactionId = Number(await page.getByTestId('charging-page').getAttribute('data-transaction-id'));
  expect(transactionId).toBeGreaterThan(0);
  await expect.poll(() => numberIn(page, 'live-energy'), { timeout: 20_000 }).toBeGreaterThan(0);
  const early = await numberIn(page, 'live-energy');
  await expect.poll(() => numberIn(page, 'live-energy'), { timeout: 20_000 }).toBeGreaterThan(early);
  await expectNoAxeViolations(page);

  // The server stops it at 1 kWh; the car leaves; the summary shows what it cost.
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 45_000 });
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('client') ?? '{}').accessToken as string);
  const session = (await (
    await page.request.get(`/api/charge/id/${transactionId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as ChargeDetail;
  expect(session.status).toBe('success');
  expect(session.stopReason).toBe('limit');
  expect(session.energyWh).toBeGreaterThanOrEqual(1000);
  // At most one reading past the limit (11 kW for 10 simulated seconds is 31 Wh).
  expect(session.energyWh).toBeLessThan(1000 + 40);

  // The cost the tariff gives for this energy and these times.
  const expected = sessionCost(detail.tariff, {
    startedAt: new Date(session.startedAt!),
    endedAt: new Date(session.stoppedAt!),
    meterReadings: [
      { at: new Date(session.startedAt!), energyWh: 0 },
      { at: new Date(session.chargingEndedAt!), energyWh: session.energyWh },
    ],
    parkingStartedAt: session.parkingStartedAt ? new Date(session.parkingStartedAt) : undefined,
    parkingEndedAt: new Date(session.stoppedAt!),
    freeIdleMinutes: detail.freeIdleMinutes,
    utcOffsetMinutes: detail.utcOffsetMinutes,
  }).totalMinor;
  expect(session.costMinor).toBe(expected);
  const costText = await page.getByTestId('summary-cost').innerText();
  expect(await numberIn(page, 'summary-cost')).toBeCloseTo(expected / 100, 2);

  await page.getByTestId('session-close').click();
  await expect(page.getByTestId('history-page')).toBeVisible();
  const item = page.getByTestId('history-item').first();
  await expect(item).toHaveAttribute('data-transaction-id', String(transactionId));
  await expect(item.getByTestId('history-item-cost')).toHaveText(costText);
  await expectNoAxeViolations(page);
});
