import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { ChargeDetail } from '@evcharge/api/sessions/charge-schemas';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import type { Station } from '@evcharge/station-sim/station';
import {
  accessTokenOf,
  askForPhoneCall,
  expectNoAxeViolations,
  payOnAcquirerPage,
  pickStation,
  playStation,
  register,
  signInOnLoginPage,
  startFromQrCode,
  uniqueEmail,
  uniquePhone,
} from './support';

// Money journeys: a new driver confirms the phone, binds a card through the sandbox
// acquirer's page with 3-D Secure, tops up the balance, charges from it and finds the receipt;
// a declined card says why and leaves the balance alone; a debt blocks a start until it is
// paid in the app. The acquirer is the server's sandbox bank (its own card page, test cards,
// 3-D Secure code 123456); the station is a demo station played by our simulator.

const cards = { visa: '4242424242424242', insufficientFunds: '4000010000000001' };
/** Lena owes 240 ₽ in the demo data; nobody else's journey touches her debt. */
const debtor = { email: 'lena@evcharge.demo', password: 'Lena1234', debtMinor: 24_000 };

let station: Station | undefined;

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

/** The phone confirmed by the last 4 digits of the number that calls. */
async function confirmPhone(page: Page): Promise<void> {
  const digits = await askForPhoneCall(page, page.request, uniquePhone('+7998'));
  await page.getByTestId('phone-code').fill(digits);
  await page.getByTestId('phone-confirm').click();
  await expect(page.getByTestId('phone-confirmed')).toBeVisible();
}

/** An amount as the English locale writes it ("₽1,234.56", "-₽240.00"), in minor units. */
function minorOf(text: string): number {
  const negative = /[-\u2212]/.test(text);
  const value = Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  return negative ? -value : value;
}

async function minorIn(page: Page, testId: string): Promise<number> {
  return minorOf(await page.getByTestId(testId).first().innerText());
}

/** From the connector's QR code to the precharging screen with an energy limit (1 kWh). */
async function openPrecharging(
  page: Page,
  connector: StationDetail['connectors'][number],
  limitKwh = 1,
): Promise<void> {
  await startFromQrCode(page, connector);
  await page.getByTestId('limit-mode-energy').click();
  await page.getByTestId('limit-value').fill(String(limitKwh));
  await expect(page.getByTestId('estimate-energy')).toContainText(String(limitKwh));
}

async function sessionOf(page: Page, transactionId: number): Promise<ChargeDetail> {
  const token = await accessTokenOf(page);
  const answer = await page.request.get(`/api/charge/id/${transactionId}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as ChargeDetail;
}

test('a new driver binds a card with 3-D Secure, tops up, charges from the balance and finds the receipt', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  await register(page, { name: 'Vera', email: uniqueEmail('money'), password: 'Charge2go' });
  await confirmPhone(page);

  // Cards, from the profile: none yet; binding goes to the bank's page and back.
  await page.goto('/profile');
  await page.getByTestId('profile-cards-link').click();
  await expect(page.getByTestId('cards-empty')).toBeVisible();
  await expect(page.getByTestId('cards-phone-required')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByTestId('bind-card-button').click();
  await payOnAcquirerPage(page, cards.visa, '/cardredirect');
  await expect(page.getByTestId('redirect-success')).toContainText('Card bound');
  await expect(page.getByTestId('redirect-text')).toContainText('Visa •••• 4242');
  await expectNoAxeViolations(page);

  await page.goto('/cards');
  const card = page.getByTestId('card-item');
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('card-number')).toContainText('•••• 4242');
  await expect(card.getByTestId('card-default')).toBeVisible();
  await expect(card.getByTestId('card-status')).toHaveAttribute('data-status', 'linked');
  await expectNoAxeViolations(page);

  // The wallet: 500 ₽ by the bound card, chosen first as the default.
  await page.goto('/balance');
  await expect(page.getByTestId('wallet-balance-amount')).toBeVisible();
  expect(await minorIn(page, 'wallet-balance-amount')).toBe(0);
  await expect(page.getByTestId('pay-with').getByRole('radio', { name: /4242/ })).toBeChecked();
  await page.getByTestId('topup-amount').fill('500');
  await expect(page.getByTestId('topup-submit')).toContainText('500.00');
  await page.getByTestId('topup-submit').click();
  await expect(page.getByTestId('topup-success')).toContainText('500.00');
  await expect.poll(() => minorIn(page, 'wallet-balance-amount')).toBe(50_000);
  const topUp = page.getByTestId('operation').first();
  await expect(topUp.getByTestId('operation-type')).toHaveText('Balance top-up');
  await expect(topUp.getByTestId('operation-amount')).toContainText('500.00');
  await expect(topUp.getByTestId('operation-card')).toContainText('4242');
  await expect(topUp.getByTestId('operation-status')).toHaveText('Done');
  await expectNoAxeViolations(page);

  // A session from the connector's QR code, paid from the balance, stopped at 1 kWh.
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  station = await playStation(baseURL!, detail);
  await openPrecharging(page, connector);
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('charging-page')).toBeVisible();
  const transactionId = Number(await page.getByTestId('charging-page').getAttribute('data-transaction-id'));
  expect(transactionId).toBeGreaterThan(0);
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 60_000 });
  const session = await sessionOf(page, transactionId);
  expect(session.status).toBe('success');
  expect(session.costMinor).toBeGreaterThan(0);
  expect(await minorIn(page, 'summary-cost')).toBe(session.costMinor);

  // Receipts, from the profile: the session's receipt, its seller, energy and total.
  await page.goto('/profile');
  await page.getByTestId('profile-receipts-link').click();
  const receiptLink = page.getByTestId('receipt-item').filter({ hasText: 'Charging session' });
  await expect(receiptLink).toHaveCount(1);
  await expect(receiptLink.getByTestId('receipt-item-amount')).toHaveText(/\d/);
  expect(minorOf(await receiptLink.getByTestId('receipt-item-amount').innerText())).toBe(session.costMinor);
  await receiptLink.click();
  const receipt = page.getByTestId('receipt');
  await expect(receipt.getByTestId('receipt-kind')).toHaveText('Charging session');
  await expect(receipt.getByTestId('receipt-seller')).toContainText('Евочардж Демо');
  await expect(receipt.getByTestId('receipt-session')).toContainText(String(transactionId));
  await expect(receipt.getByTestId('receipt-session')).toContainText(detail.name);
  const energy = receipt.getByTestId('receipt-item-row').filter({ has: page.getByTestId('receipt-item-title').getByText('Energy') });
  await expect(energy).toHaveCount(1);
  await expect(energy).toContainText('kWh');
  const amounts = await receipt.getByTestId('receipt-item-amount').allInnerTexts();
  expect(amounts.map(minorOf).reduce((sum, minor) => sum + minor, 0)).toBe(session.costMinor);
  expect(minorOf(await receipt.getByTestId('receipt-total').innerText())).toBe(session.costMinor);
  await expect(receipt.getByTestId('receipt-payment')).toContainText('From the balance');
  await expectNoAxeViolations(page);

  // The balance paid for it.
  await page.goto('/balance');
  await expect.poll(() => minorIn(page, 'wallet-balance-amount')).toBe(50_000 - session.costMinor);
  const charge = page.getByTestId('operation').first();
  await expect(charge.getByTestId('operation-type')).toHaveText('Session paid from the balance');
  expect(minorOf(await charge.getByTestId('operation-amount').innerText())).toBe(-session.costMinor);
});

test('a declined card says "insufficient funds" and leaves the balance as it was', async ({ page }) => {
  await register(page, { name: 'Vera', email: uniqueEmail('declined'), password: 'Charge2go' });
  await page.goto('/balance');
  await expect(page.getByTestId('wallet-balance-amount')).toBeVisible();
  const before = await minorIn(page, 'wallet-balance-amount');
  // No bound card: the bank's page takes one this once.
  await expect(page.getByTestId('pay-with-no-cards')).toBeVisible();
  await expect(page.getByTestId('pay-with').getByRole('radio', { name: /Another card/ })).toBeChecked();
  await page.getByTestId('topup-chip').first().click();
  await page.getByTestId('topup-submit').click();
  await payOnAcquirerPage(page, cards.insufficientFunds, '/callback');

  const failed = page.getByTestId('redirect-failed');
  await expect(failed).toContainText('The balance was not topped up');
  await expect(failed.getByTestId('redirect-reason')).toHaveAttribute('data-code', 'ACQ1');
  await expect(failed.getByTestId('redirect-reason')).toContainText('insufficient funds');
  await expectNoAxeViolations(page);

  await failed.getByTestId('redirect-retry').click();
  await expect(page).toHaveURL(/\/balance/);
  expect(await minorIn(page, 'wallet-balance-amount')).toBe(before);
  const declined = page.getByTestId('operation').first();
  await expect(declined.getByTestId('operation-status')).toHaveText('Declined');
  await expect(declined.getByTestId('operation-reason')).toContainText('insufficient funds');
});

test('a debt blocks a start, the driver pays it in the app, and the start works', async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  station = await playStation(baseURL!, detail);
  await signInOnLoginPage(page, debtor.email, debtor.password);

  // The debt blocks: the start screen says so and leads to paying it; the server refuses a
  // start asked for anyway.
  await openPrecharging(page, connector);
  await expect(page.getByTestId('debt-notice')).toContainText('₽240.00');
  await expect(page.getByTestId('start-charge')).toBeDisabled();
  const token = await accessTokenOf(page);
  const refused = await page.request.put('/api/charge', {
    headers: { authorization: `Bearer ${token}`, 'idempotency-key': `e2e-${Date.now()}` },
    data: { connectorId: connector.id, limit: { mode: 'energy', value: 1000 }, profile: 'fast' },
  });
  expect(refused.status()).toBe(402);
  expect(((await refused.json()) as { code: string }).code).toBe('DEBT_BLOCKS');

  // Paid by a card typed on the bank's page, and kept.
  await page.getByTestId('estimate-pay-debt').click();
  await expect(page.getByTestId('debt-amount')).toHaveText('₽240.00');
  await expect(page.getByTestId('debt-summary')).toContainText('Unpaid orders or debt block continuing');
  await expectNoAxeViolations(page);
  await expect(page.getByTestId('pay-with').getByRole('radio', { name: /Another card/ })).toBeChecked();
  await page.getByTestId('pay-with-save').check();
  await page.getByTestId('debt-submit').click();
  await payOnAcquirerPage(page, cards.visa, '/callback');
  await expect(page.getByTestId('redirect-success')).toContainText('Debt paid');
  await expectNoAxeViolations(page);

  await page.goto('/debt');
  await expect(page.getByTestId('debt-none')).toBeVisible();
  await page.goto('/balance');
  const paid = page.getByTestId('operation').filter({ hasText: 'Debt payment' });
  await expect(paid.getByTestId('operation-status')).toHaveText('Done');
  expect(minorOf(await paid.getByTestId('operation-amount').innerText())).toBe(debtor.debtMinor);

  // The start works at once: the balance is empty, so the kept card is held for it. The driver
  // stops it: a limit far enough away that the session is still running when Stop is tapped.
  await openPrecharging(page, connector, 20);
  await expect(page.getByTestId('debt-notice')).toHaveCount(0);
  await expect(page.getByTestId('card-hold-note')).toContainText('₽1,000.00');
  await expect(page.getByTestId('min-balance-notice')).toHaveCount(0);
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('charging-page')).toBeVisible();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('stop-charge').click();
  await page.getByTestId('stop-confirm').click();
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 45_000 });
});
