import { expect, test } from './fixtures';
import type { Station } from '@evcharge/station-sim/station';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { accessTokenOf, expectNoAxeViolations, pickStation, playStation, secondDriver, signInOnLoginPage, startFromQrCode } from './support';

// SPEC §4 the RFID wizard with the simulator at the station: the car plugged in, a (demo) tag
// touched to the reader over OCPP, the binding confirmed; then the tag starts a session the app
// shows live. SPEC §7 Loyalty: a discount card added, shown as a barcode, and its discount on
// the next session's receipt.

let station: Station | undefined;

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

/** A demo station with a reader (SPEC §3 RFID support flag) and a free AC connector. */
async function pickRfidStation(request: Parameters<typeof pickStation>[0]): Promise<StationDetail> {
  const list = await request.post('/api/chargestations/guest', {
    data: { connectorTypes: ['type2'], onlyAvailable: true, page: 1, pageSize: 100 },
  });
  const { items } = (await list.json()) as { items: { id: string }[] };
  for (const { id } of items) {
    const detail = (await (await request.get(`/api/v2/chargestation/${id}/guest`)).json()) as StationDetail;
    const free = detail.connectors.some((c) => c.status === 'available' && c.currentType === 'AC');
    // Roubles, the demo drivers' wallet currency: the tag's start is paid from Anna's balance.
    if (free && detail.tariff!.currency === 'rub' && detail.supportsRfid && !detail.isRoaming && !detail.isPrivate && detail.workHours === '24/7') return detail;
  }
  throw new Error('no demo station with a reader and a free AC connector');
}

test('a driver binds a tag with the wizard at a station, and the tag then starts a session shown live', async ({ page, baseURL }) => {
  const detail = await pickRfidStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  station = await playStation(baseURL!, detail);

  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await page.goto(`/rfid?station=${detail.id}&connector=${connector.number}&locale=en`);
  await page.getByTestId('rfid-start').click();
  const step = page.getByTestId('rfid-step');
  await expect(step).toHaveAttribute('data-step', 'waitingCar');
  await expectNoAxeViolations(page);

  // Step 1: the car is plugged in; the station reports Preparing.
  station.plug(connector.number, { batteryKwh: 60, socPercent: 30, maxAcKw: 11 });
  await expect(step).toHaveAttribute('data-step', 'waitingTag', { timeout: 15_000 });

  // Step 2: a demo tag touched to the reader (DataTransfer to the simulator, then Authorize).
  await page.getByTestId('rfid-demo-tag').click();
  await expect(step).toHaveAttribute('data-step', 'tagRead', { timeout: 15_000 });
  const number = (await page.getByTestId('rfid-tag-number').innerText()).trim();
  expect(number).toMatch(/^DEMO[0-9A-F]{12}$/);
  await expectNoAxeViolations(page);

  // Step 3: named and confirmed.
  await page.getByTestId('rfid-name').fill('Blue fob');
  await page.getByTestId('rfid-confirm').click();
  await expect(page.getByTestId('rfid-done')).toBeVisible();
  await expect(page.getByTestId('rfid-done-name')).toContainText('Blue fob');

  // The tag touched again, with the car still plugged in: Anna's session, live in the app.
  const accepted = station.next('transactionAccepted');
  const outcome = await station.presentTag(number, connector.number);
  expect(outcome).toMatchObject({ outcome: 'started', status: 'Accepted' });
  const { transactionId } = await accepted;
  await page.goto(`/charging?tx=${transactionId}&locale=en`);
  await expect(page.getByTestId('charging-page')).toBeVisible();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });

  // My tags: the tag, masked, used just now.
  await page.goto('/my_rfid?locale=en');
  const row = page.getByTestId('rfid-tag').filter({ hasText: 'Blue fob' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('rfid-tag-masked')).toContainText(`•••• ${number.slice(-4)}`);
  await expect(row.getByTestId('rfid-tag-used')).not.toHaveText(/never/i);
  await expectNoAxeViolations(page);

  // Stopped from the app, then the car leaves: nothing is left running for the other journeys.
  await page.goto(`/charging?tx=${transactionId}&locale=en`);
  await page.getByTestId('stop-charge').click();
  await page.getByTestId('stop-confirm').click();
  await station.waitFor('Finishing', connector.number, 30_000);
  station.unplug(connector.number);
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 45_000 });
});

/** An EAN-13 number of the demo discount programme (prefix 277), its check digit right. */
function discountCardNumber(): string {
  const body = `277${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

test('a driver adds a discount card, shows its barcode, and the next receipt carries the discount', async ({ page, baseURL }) => {
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  station = await playStation(baseURL!, detail);

  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await page.goto('/loyalty_cards?locale=en');
  await page.getByTestId('loyalty-add').click();
  await page.getByTestId('loyalty-company').getByText('RoadStop Fuel Club').click();
  // A number of another programme is refused with a clear message.
  await page.getByTestId('loyalty-number').fill('6400000000000000');
  await page.getByTestId('loyalty-save').click();
  await expect(page.getByTestId('loyalty-number-error')).toBeVisible();
  const number = discountCardNumber();
  await page.getByTestId('loyalty-number').fill(number);
  await page.getByTestId('loyalty-default').check();
  await page.getByTestId('loyalty-save').click();
  const card = page.getByTestId('loyalty-card').filter({ hasText: 'RoadStop Fuel Club' });
  await expect(card).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Opened large: an EAN-13 barcode for the partner's till.
  await card.click();
  const barcode = page.getByTestId('loyalty-barcode');
  await expect(barcode).toHaveAttribute('data-state', 'drawn');
  await expect(barcode).toHaveAttribute('data-format', /ean13/i);
  await expect(barcode.locator('svg rect').first()).toBeAttached();
  await page.keyboard.press('Escape');

  // The next session: the card chosen, its discount in the estimate, and on the receipt.
  await startFromQrCode(page, connector);
  await expect(page.getByTestId('precharge-loyalty')).toBeVisible();
  await page.getByTestId('limit-mode-energy').click();
  await page.getByTestId('limit-value').fill('1');
  await expect(page.getByTestId('charge-loyalty')).toContainText('RoadStop Fuel Club');
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('charging-page')).toBeVisible();
  const transactionId = Number(await page.getByTestId('charging-page').getAttribute('data-transaction-id'));
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 60_000 });

  const token = await accessTokenOf(page);
  const session = (await (
    await page.request.get(`/api/charge/id/${transactionId}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { costMinor: number; loyalty: { discountMinor: number } | null };
  expect(session.loyalty?.discountMinor).toBeGreaterThan(0);

  await page.goto('/profile?locale=en');
  await page.getByTestId('profile-receipts-link').click();
  await page.getByTestId('receipt-item').filter({ hasText: 'Charging session' }).first().click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt).toContainText('Loyalty programme discount');
  await expect(receipt.getByTestId('receipt-total')).toBeVisible();
});
