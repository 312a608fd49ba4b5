import type { APIRequestContext, Page } from '@playwright/test';
import type { Receipt } from '@evcharge/api/payments/payment-schemas';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import type { Station } from '@evcharge/station-sim/station';
import { expect, test } from './fixtures';
import {
  accessTokenOf,
  expectNoAxeViolations,
  playStation,
  secondDriver,
  signInOnLoginPage,
} from './support';

// SPEC §3 currencies: Aqaba's AQJ-00216 prices in dollars; the demo drivers' wallets are in
// roubles. A driver reserves there and starts on the reservation, paid from the rouble balance at
// the brand's rate (91.2 ₽/$): the reserve screen, the reservation, the precharging estimate and
// both receipts say the dollar amount and the rouble one, and the rate.

let station: Station | undefined;

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

const auth = async (page: Page) => ({ authorization: `Bearer ${await accessTokenOf(page)}` });

async function aqaba(request: APIRequestContext): Promise<StationDetail> {
  const list = await request.post('/api/chargestations/guest', {
    data: {
      connectorTypes: ['type2', 'ccs2'],
      near: { lat: 29.532, lng: 35.0063, radiusKm: 30 },
      page: 1,
      pageSize: 50,
    },
  });
  const { items } = (await list.json()) as { items: { id: string; code: string }[] };
  const found = items.find((item) => item.code === 'AQJ-00216');
  if (!found) throw new Error('no demo station AQJ-00216');
  return (await (
    await request.get(`/api/v2/chargestation/${found.id}/guest`)
  ).json()) as StationDetail;
}

/** "$1.10 ≈ ₽100.32": the two amounts in minor units. */
function amountsOf(text: string): { cents: number; kopecks: number } {
  const match = /\$([\d,]+\.\d{2}) ≈ ₽([\d,]+\.\d{2})/.exec(text);
  if (!match) throw new Error(`no "$… ≈ ₽…" in "${text}"`);
  const minor = (value: string) => Math.round(Number(value.replace(/,/g, '')) * 100);
  return { cents: minor(match[1]!), kopecks: minor(match[2]!) };
}

/** The dollar amount at 91.2 ₽/$, rounded half up once, as the server converts it. */
const atRate = (cents: number) => Math.floor((cents * 912 + 5) / 10);

test('a rouble balance reserves and charges at a dollar station, each screen and receipt saying both amounts', async ({
  page,
  baseURL,
}) => {
  const detail = await aqaba(page.request);
  expect(detail.tariff?.currency).toBe('usd');
  const connector = detail.connectors.find(
    (c) => c.status === 'available' && c.currentType === 'AC',
  )!;
  station = await playStation(baseURL!, detail);
  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);

  // The reserve screen: the station's dollar prices, and the most in dollars and in roubles.
  await page.goto(`/reserve?station=${detail.id}&connector=${connector.number}&locale=en`);
  const terms = page.getByTestId('reserve-exchange');
  await expect(terms).toContainText(
    'The station prices in USD: $1.00 fixed and $0.10 a minute, at most $2.50 ≈ ₽228.00 from your balance at ₽91.20/$.',
  );
  await expect(page.getByTestId('reserve-pay-with')).toHaveAttribute('data-pay-with', 'balance');
  await expect(page.getByTestId('reserve-fixed-cost')).toContainText('₽91.20');
  await expectNoAxeViolations(page);
  await page.getByTestId('reserve-confirm').click();

  const view = page.getByTestId('reservation-view');
  await expect(view).toHaveAttribute('data-status', 'active');
  const held = amountsOf((await page.getByTestId('reservation-exchange').textContent()) ?? '');
  expect(held.kopecks).toBe(atRate(held.cents));
  await expect.poll(() => station!.connector(connector.number).status).toBe('Reserved');

  // Precharging on the reservation: the estimate in dollars and in roubles, at the rate.
  await page.getByTestId('reservation-start').click();
  await expect(page.getByTestId('precharging-page')).toBeVisible();
  await page.getByTestId('limit-mode-energy').click();
  await page.getByTestId('limit-value').fill('1');
  const estimate = page.getByTestId('estimate-exchange');
  await expect(estimate).toContainText(
    /^\$\d+\.\d{2} ≈ ₽[\d,]+\.\d{2} from your balance at ₽91\.20\/\$$/,
  );
  const planned = amountsOf((await estimate.textContent()) ?? '');
  expect(planned.cents).toBeGreaterThan(0);
  expect(planned.kopecks).toBe(atRate(planned.cents));
  await expectNoAxeViolations(page);
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('charging-page')).toBeVisible();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  const transactionId = Number(
    await page.getByTestId('charging-page').getAttribute('data-transaction-id'),
  );
  expect(transactionId).toBeGreaterThan(0);

  // It stops at its kilowatt-hour (or here, at once), the car leaves, and it is billed in roubles.
  const stopped = await page.request.put('/api/charge/stop', {
    headers: await auth(page),
    data: { transactionId },
  });
  expect(stopped.ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const answer = await page.request.get(`/api/charge/id/${transactionId}`, {
          headers: await auth(page),
        });
        return ((await answer.json()) as { status: string }).status;
      },
      { timeout: 30_000 },
    )
    .toBe('success');

  // Both receipts (the reservation's and the session's) are in roubles and say the dollars.
  let receipts: Receipt[] = [];
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/api/receipts?offset=0&limit=10', {
          headers: await auth(page),
        });
        receipts = ((await answer.json()) as { items: Receipt[] }).items.filter(
          (r) => r.exchange !== null,
        );
        return receipts.map((r) => r.kind).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['reservation', 'session']));
  const session = receipts.find((r) => r.kind === 'session' && r.transactionId === transactionId);
  expect(session).toMatchObject({ currency: 'rub', exchange: { currency: 'usd', rate: '91.2' } });
  await page.goto(`/receipt/${session!.id}?locale=en`);
  const line = page.getByTestId('receipt-exchange');
  await expect(line).toContainText("In the station's currency");
  await expect(line).toContainText('at ₽91.20/$');
  const paid = amountsOf((await line.textContent()) ?? '');
  expect(paid.kopecks).toBe(session!.amountMinor);
  expect(paid.kopecks).toBe(atRate(paid.cents));
  await expect(page.getByTestId('receipt-total')).toContainText('₽');
  await expectNoAxeViolations(page);
});
