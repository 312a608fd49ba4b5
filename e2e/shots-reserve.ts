import { chromium, type Page } from 'playwright-core';
import { createStation } from '@evcharge/station-sim/station';
import type { StationDetail } from '@evcharge/api/stations/station-schemas';

const base = 'http://127.0.0.1:8093';
const out = '/work/shots17';
const flags = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

async function pick(): Promise<StationDetail> {
  const list = await fetch(`${base}/api/chargestations/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ connectorTypes: ['type2'], onlyAvailable: true, page: 1, pageSize: 200 }) });
  const { items } = (await list.json()) as { items: { id: string }[] };
  for (const { id } of items) {
    const d = (await (await fetch(`${base}/api/v2/chargestation/${id}/guest`)).json()) as StationDetail;
    if (d.supportsPeriodReservation && d.tariff.currency === 'rub' && d.workHours === '24/7' && !d.isPrivate && d.connectors.filter((c) => c.status === 'available' && c.currentType === 'AC').length >= 1) return d;
  }
  throw new Error('none');
}

async function signIn(page: Page, email: string, password: string, lang: string) {
  await page.goto(`${base}/login?locale=${lang}`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('client') ?? '{}').accessToken as string);
  await page.request.put(`${base}/api/user/updateLanguage/${lang}`, { headers: { authorization: `Bearer ${token}` } });
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${out}/${name}.png`, fullPage: true });

async function main() {
  const detail = await pick();
  const connector = detail.connectors.find((c) => c.status === 'available' && c.currentType === 'AC')!;
  const sim = createStation({
    url: `${base.replace('http', 'ws')}/ocpp`, id: detail.code, password: `demo-${detail.code.toLowerCase()}`,
    connectors: detail.connectors.map((c) => ({ number: c.number, currentType: c.currentType, socketType: c.socketType, powerW: Math.round(c.powerKw * 1000) })),
  });
  await sim.connect({ timeoutMs: 15_000 });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: flags });
  for (const [lang, email, password, width] of [['ru', 'driver@evcharge.demo', 'Driver123', 375], ['en', 'anna@evcharge.demo', 'Anna1234', 320]] as const) {
    const ctx = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor: 1 });
    const page = await ctx.newPage();
    await signIn(page, email, password, lang);
    await page.goto(`${base}/c/${connector.qrCode}`);
    await page.waitForTimeout(1500);
    await shot(page, `${lang}-${width}-station`);
    if (lang === 'en') break;
    await page.locator(`[data-testid="connector-row"][data-connector="${connector.number}"]`).getByTestId('connector-reserve').click();
    await page.getByTestId('reserve-form').waitFor();
    await page.waitForTimeout(800);
    await shot(page, `${lang}-${width}-reserve-quick`);
    await page.getByTestId('reserve-mode-period').click();
    await page.waitForTimeout(500);
    await shot(page, `${lang}-${width}-reserve-period`);
    await page.getByTestId('reserve-mode-quick').click();
    await page.getByTestId('reserve-confirm').click();
    await page.getByTestId('reservation-view').waitFor();
    await page.waitForTimeout(1500);
    await shot(page, `${lang}-${width}-reservation`);
    await page.getByTestId('reservation-cancel').click();
    await page.waitForTimeout(500);
    await shot(page, `${lang}-${width}-cancel-dialog`);
    await page.keyboard.press('Escape');
    await ctx.close();
  }
  // Desktop, en, the reservation list of the first driver, and the reserve form of a second connector.
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await signIn(page, 'driver@evcharge.demo', 'Driver123', 'en');
  await page.goto(`${base}/reserve`);
  await page.waitForTimeout(1500);
  await shot(page, 'en-1280-list');
  const other = detail.connectors.find((c) => c.id !== connector.id);
  if (other) {
    await page.goto(`${base}/reserve?station=${detail.id}&connector=${other.number}`);
    await page.waitForTimeout(1500);
    await page.getByTestId('reserve-mode-period').click().catch(() => {});
    await page.waitForTimeout(500);
    await shot(page, 'en-1280-reserve-period');
  }
  const ctx375 = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const p2 = await ctx375.newPage();
  await signIn(p2, 'driver@evcharge.demo', 'Driver123', 'en');
  await p2.goto(`${base}/reserve`);
  await p2.waitForTimeout(1500);
  await shot(p2, 'en-375-list');
  await p2.goto(`${base}/history`);
  await p2.waitForTimeout(1500);
  await shot(p2, 'en-375-history');
  await browser.close();
  await sim.close();
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
