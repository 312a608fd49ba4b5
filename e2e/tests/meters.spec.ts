import type { Station } from '@evcharge/station-sim/station';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, pickStation, playStation, secondDriver, signInOnLoginPage, startFromQrCode } from './support';

// A meter is believed up to physics (docs/decisions/008): a charge point whose meter leaps a
// terawatt-hour while a driver charges bills nothing of the leap. The driver's charging screen
// says so in words, and support finds the session in the staff console's Meters, the claim
// beside the bill.

const supportAgent = { email: 'support@evcharge.demo', password: 'Support1234' };
const TERAWATT_HOUR = 1_000_000_000_000;

let station: Station | undefined;

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

test('a meter that leaps a terawatt-hour is not billed; the driver is told and support sees it in the console', async ({ page, context, baseURL }) => {
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  station = await playStation(baseURL!, detail);

  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await startFromQrCode(page, connector);
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  const transactionId = Number(await page.getByTestId('charging-page').getAttribute('data-transaction-id'));

  station.jumpMeter(connector.number, TERAWATT_HOUR);
  const note = page.getByTestId('meter-anomaly-note');
  await expect(note).toBeVisible({ timeout: 30_000 });
  await expect(note).toContainText('You pay only for what it could have delivered');
  // The live energy stays what the connector could deliver: a few kWh at most, never the leap.
  const energy = Number.parseFloat((await page.getByTestId('live-energy').textContent()) ?? '');
  expect(energy).toBeLessThan(100);
  await expectNoAxeViolations(page);

  // Support, in the console in the same browser: the session, the claim and the bill.
  const staff = await context.newPage();
  await staff.goto('/admin/?locale=en');
  await staff.getByTestId('console-email').fill(supportAgent.email);
  await staff.getByTestId('console-password').fill(supportAgent.password);
  await staff.getByTestId('console-signin').click();
  await staff.getByTestId('console-nav-meters').click();
  // In the staff member's own language, whatever the driver's: found by its transaction.
  const card = staff.locator(`[data-testid="console-meter-anomaly"][data-transaction-id="${transactionId}"]`);
  await expect(card).toContainText(detail.code);
  // A billion kWh and more claimed, in grouped digits.
  await expect(card.locator('.meter-claimed')).toContainText(/1\D000\D000\D00\d/);
  await expectNoAxeViolations(staff);
  await staff.close();

  // The session ends as the driver asks: the next journeys find Anna without one.
  await page.getByTestId('stop-charge').click();
  await page.getByTestId('stop-confirm').click();
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('summary-meter-note')).toContainText('Only the plausible energy is billed');
});
