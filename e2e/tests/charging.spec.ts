import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import { sessionCost } from '@evcharge/domain/tariff';
import type { Station } from '@evcharge/station-sim/station';
import { accessTokenOf, expectNoAxeViolations, pickStation, playStation, secondDriver, signInOnLoginPage, startFromQrCode } from './support';

// The charging journey: a driver scans the QR code on a connector, starts with an energy limit,
// watches the energy rise, the server stops the session at the limit, and the history shows
// it with the cost the tariff gives. The station is a demo station played by our simulator
// over OCPP 1.6J, 30 times faster than real time.

let station: Station | undefined;

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

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
  await startFromQrCode(page, connector);
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
  const token = await accessTokenOf(page);
  const session = (await (
    await page.request.get(`/api/charge/id/${transactionId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as ChargeDetail;
  expect(session.status).toBe('success');
  expect(session.stopReason).toBe('limit');
  expect(session.energyWh).toBeGreaterThanOrEqual(1000);
  // SPEC §4 charging limit modes: the server stops it at the first reading at or past the limit,
  // which is at most one reading's step past it (11 kW for 10 simulated seconds is 31 Wh); the
  // car draws on while the stop travels to the charge point, less than one more step.
  const firstPast = Math.min(...session.samples.map((s) => s.energyWh).filter((wh) => wh >= 1000));
  expect(firstPast).toBeLessThan(1000 + 40);
  expect(session.energyWh - firstPast).toBeLessThan(40);

  // The cost the tariff gives for this energy and these times.
  const expected = sessionCost(detail.tariff!, {
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
