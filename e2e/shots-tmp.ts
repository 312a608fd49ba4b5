import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from './chromium';

const base = process.env.BASE ?? 'http://127.0.0.1:8093';
const out = '/work/shots';
const widths = [375, 320, 1280];

async function signIn(page: Page, email: string, password: string, locale: string) {
  await page.goto(`${base}/login?locale=${locale}`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
async function consoleIn(page: Page, email: string, password: string, locale: string) {
  await page.goto(`${base}/admin/?locale=${locale}`);
  await page.getByTestId('console-email').fill(email);
  await page.getByTestId('console-password').fill(password);
  await page.getByTestId('console-signin').click();
  await page.waitForTimeout(1500);
}

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
const stationId = process.env.STATION!;
for (const locale of (process.env.LOCALES ?? 'en,ru').split(',')) {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 800 : 900 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    await signIn(page, 'driver@evcharge.demo', 'Driver123', locale);
    await page.goto(`${base}/detailStation?id=${stationId}&locale=${locale}`);
    await page.getByTestId('reviews-section').scrollIntoViewIfNeeded();
    await page.waitForTimeout(1500);
    await page.getByTestId('reviews-section').screenshot({ path: `${out}/reviews-${locale}-${width}.png` });
    await page.goto(`${base}/?locale=${locale}`);
    await page.waitForTimeout(1000);
    await page.goto(`${base}/chat?locale=${locale}`);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${out}/chat-${locale}-${width}.png` });
    const staffContext = await browser.newContext({ viewport: { width, height: width < 800 ? 800 : 900 } });
    const staff = await staffContext.newPage();
    await consoleIn(staff, process.env.STAFF_EMAIL ?? 'support@evcharge.demo', process.env.STAFF_PASSWORD ?? 'Support1234', locale);
    await staff.screenshot({ path: `${out}/console-inbox-${locale}-${width}.png` });
    const first = staff.getByTestId('console-conversation').first();
    if (await first.count()) {
      await first.click();
      await staff.waitForTimeout(1500);
      await staff.screenshot({ path: `${out}/console-conversation-${locale}-${width}.png`, fullPage: true });
    }
    const modContext = await browser.newContext({ viewport: { width, height: width < 800 ? 800 : 900 } });
    const mod = await modContext.newPage();
    await consoleIn(mod, 'moderator@evcharge.demo', 'Moder1234', locale);
    await mod.getByTestId('console-nav-moderation').click().catch(() => undefined);
    await mod.waitForTimeout(1500);
    await mod.screenshot({ path: `${out}/console-moderation-${locale}-${width}.png`, fullPage: true });
    await context.close();
    await staffContext.close();
    await modContext.close();
  }
}
await browser.close();
