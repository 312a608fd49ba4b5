import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';
import { createStation, type Station } from '@evcharge/station-sim/station';
import { serviceWorkerControls } from './fixtures';

export const demoDriver = { email: 'driver@evcharge.demo', password: 'Driver123' };
/** The second demo driver: the charging journey spends her balance, not the first one's. */
export const secondDriver = { email: 'anna@evcharge.demo', password: 'Anna1234' };

/**
 * A demo private station waiting for its owner: its code and the secret printed beside it, as
 * README "Demo" lists them (apps/server/src/demo/private-stations.ts, checked by seed.int.test).
 */
export const demoPrivateStation = { code: 'OVB-00090', secret: 'D34B-257D' };

let counter = 0;
/** A fresh address per journey, so journeys never depend on each other. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.test`;
}

/** WCAG 2.2 AA: axe must find nothing on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in on the /login page and waits until the app has left it. */
export async function signInOnLoginPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login?locale=en');
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Opens the map home over `center` at `zoom`: this visit's saved map view (sessionStorage
 * mapView), which the map opens on. Written from a screen without the map: a map already on the
 * page (the home the sign-in lands on) saves its own view once drawn, which may come after a
 * write made beside it and undo it.
 */
export async function openMapAt(page: Page, center: { lat: number; lng: number }, zoom: number): Promise<void> {
  await page.goto('/no-such-screen?locale=en');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.evaluate((view) => sessionStorage.setItem('mapView', view), JSON.stringify({ center, zoom }));
  await page.goto('/?locale=en');
}

/** The driver's bearer token, as the app keeps it in local storage. */
export function accessTokenOf(page: Page): Promise<string> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('client') ?? '{}').accessToken as string);
}

/** Registers in English through the form; the app signs the new driver in. */
export async function register(page: Page, driver: { name: string; email: string; password: string }): Promise<void> {
  await page.goto('/register?locale=en');
  await page.getByTestId('register-name').fill(driver.name);
  await page.getByTestId('register-email').fill(driver.email);
  await page.getByTestId('register-password').fill(driver.password);
  await page.getByTestId('register-repeat').fill(driver.password);
  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText(driver.email);
}

export type OutboxMessage = { channel: string; to: string; subject: string | null; body: string };

/** What the demo server sent to `to` (mails, texts, calls), oldest first. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const answer = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages;
}

/**
 * A phone number nobody else in this run has. Each spec passes its own prefix (`+7999`,
 * `+7998`): numbers made in the same millisecond by two specs still differ.
 */
export function uniquePhone(prefix: string): string {
  return `${prefix}${String(Date.now() % 10_000_000).padStart(7, '0')}`;
}

/**
 * Asks on /confirmPhone for a call to `phone` and answers the code the call carries: the last
 * 4 digits of the calling number, read from the outbox.
 */
export async function askForPhoneCall(page: Page, request: APIRequestContext, phone: string): Promise<string> {
  await page.goto('/confirmPhone');
  await page.getByTestId('phone-input').fill(phone);
  await page.getByTestId('phone-method-call').click();
  await page.getByTestId('phone-send').click();
  await expect(page.getByTestId('phone-code-form')).toBeVisible();
  const call = (await outbox(request, phone)).find((m) => m.channel === 'call');
  const caller = /(\+[\d\s()-]+)$/.exec(call?.subject ?? '')?.[1]?.replace(/\D/g, '');
  expect(caller).toBeDefined();
  return caller!.slice(-4);
}

/** The demo station a journey charges at: 30 times faster than real time. */
const STATION_SPEED = 30;

/**
 * A demo station with a free AC connector and a plain tariff (per kWh, no time zones) in
 * roubles, the demo drivers' wallet currency.
 */
export async function pickStation(request: APIRequestContext): Promise<StationDetail> {
  const list = await request.post('/api/chargestations/guest', {
    data: { connectorTypes: ['type2'], onlyAvailable: true, page: 1, pageSize: 100 },
  });
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { id: string }[] };
  for (const { id } of items) {
    const detail = (await (await request.get(`/api/v2/chargestation/${id}/guest`)).json()) as StationDetail;
    const free = detail.connectors.some((c) => c.status === 'available' && c.currentType === 'AC');
    const plain =
      detail.tariff?.currency === 'rub' &&
      detail.tariff?.zones.length === 0 &&
      detail.tariff?.perKwhMinor > 0 &&
      detail.nextTariff === null;
    // Open round the clock: a station that closes while the journey runs would refuse its start.
    if (free && plain && !detail.isPrivate && detail.workHours === '24/7') return detail;
  }
  throw new Error('no demo station with a free AC connector and a plain tariff');
}

/** A demo station's connectors as the simulator plays them: number, current, socket and power. */
export function simConnectors(detail: StationDetail) {
  return detail.connectors.map((c) => ({
    number: c.number,
    currentType: c.currentType,
    socketType: c.socketType,
    powerW: Math.round(c.powerKw * 1000),
  }));
}

/** Plays the station over OCPP 1.6J with our simulator, connected to the server under test. */
export async function playStation(baseURL: string, detail: StationDetail): Promise<Station> {
  const sim = createStation({
    url: `${baseURL.replace(/^http/, 'ws')}/ocpp`,
    id: detail.code,
    password: `demo-${detail.code.toLowerCase()}`,
    connectors: simConnectors(detail),
    speed: STATION_SPEED,
    meterIntervalMs: 10_000,
    // The driver's car: plugged in by the remote start, gone a simulated minute after it ends.
    autoPlug: { batteryKwh: 60, socPercent: 30, maxAcKw: 11, maxDcKw: 100 },
    autoUnplugAfterMs: 60_000,
  });
  await sim.connect({ timeoutMs: 15_000 });
  return sim;
}

/** From the connector's QR code, through its Start, to the precharging screen. */
export async function startFromQrCode(page: Page, connector: StationDetail['connectors'][number]): Promise<void> {
  await page.goto(`/c/${connector.qrCode}?locale=en`);
  const chosen = page.locator('[data-testid="connector-row"][data-chosen="true"]');
  await expect(chosen).toHaveAttribute('data-connector', String(connector.number));
  await chosen.getByTestId('connector-start').click();
  await expect(page.getByTestId('precharging-page')).toBeVisible();
}

/** The sandbox bank's 3-D Secure code (README "Test cards"). */
const SANDBOX_3DS_CODE = '123456';

/** Any expiry a few years ahead, as the card page asks for it (MM/YY). */
export function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
}

/**
 * The sandbox acquirer's page: the card, then 3-D Secure with the sandbox's code; the bank
 * then sends the browser back to the app: /cardredirect after binding a card, /callback after
 * a payment.
 */
export async function payOnAcquirerPage(page: Page, number: string, back: '/cardredirect' | '/callback'): Promise<void> {
  await expect(page).toHaveURL(/\/acquirer\/sandbox\/pay\//);
  // The bank's page is the server's, never the app's shell, with the service worker in control.
  expect(await serviceWorkerControls(page)).toBe(true);
  await expect(page.locator('#number')).toBeVisible();
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await page.locator('#number').fill(number);
  await page.locator('#expiry').fill(futureExpiry());
  await page.locator('#cvc').fill('123');
  await page.locator('button[type="submit"]').click();
  await expect(page.locator('#code')).toBeVisible();
  await page.locator('#code').fill(SANDBOX_3DS_CODE);
  await page.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${back}\\?operation=`));
}
