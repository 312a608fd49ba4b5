import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// SPEC §1: branding depends on the deployment's brand style, and a web-analytics counter
// starts on load. One server serves the demo brand and, on its own host name, the second demo
// brand (BRAND_HOSTS=volt.localhost=volt in playwright.config.ts): its name, icon and colours
// from the first paint, its legal texts, its manifest; its external counter loads after the
// first paint, and the app's own counter reaches the server, readable by an analyst.

const port = Number(process.env.E2E_PORT ?? 8181);
const volt = `http://volt.localhost:${port}`;

const VOLT_VIOLET = 'rgb(109, 40, 217)';

/** Today in UTC, as the analytics count days. */
const today = () => new Date().toISOString().slice(0, 10);

// Only the browser takes volt.localhost to this machine: the test's own requests go through it.
async function browserFetch<T>(page: Page, url: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  return page.evaluate(
    async ({ url, method, body, token }) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (token) headers.authorization = `Bearer ${token}`;
      const answer = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!answer.ok) throw new Error(`${url} answered ${answer.status}`);
      return answer.json();
    },
    { url, method: init.method ?? 'GET', body: init.body, token: init.token },
  ) as Promise<T>;
}

async function analystToken(page: Page): Promise<string> {
  const answer = await browserFetch<{ accessToken: string }>(page, `${volt}/auth/v2/signin`, {
    method: 'POST',
    body: { login: 'analyst@evcharge.demo', password: 'Analyst123', userType: 2 },
  });
  return answer.accessToken;
}

type Summary = { days: { pageViews: number }[]; topPaths: { path: string; pageViews: number }[] };

async function voltToday(page: Page, token: string): Promise<Summary> {
  return browserFetch<Summary>(page, `${volt}/api/admin/analytics?from=${today()}&to=${today()}&brand=volt`, { token });
}

const viewsOf = (summary: Summary, path: string) => summary.topPaths.find((row) => row.path === path)?.pageViews ?? 0;

test('the second brand has its own name, icon and colours from the first paint, on its own host', async ({ page }, testInfo) => {
  // The page as the server sends it, before any script: the brand is in it already.
  const response = await page.goto(`${volt}/?locale=en`);
  const html = (await response?.text()) ?? '';
  expect(html).toContain('<title>Volt Charge</title>');
  expect(html).toContain('<meta name="theme-color" content="#6d28d9"');
  expect(html).toMatch(/<style id="brand-colors">:root\{--brand:#6d28d9;/);
  expect(html).toContain('<span class="brand-mark__title">Volt Charge</span>');

  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page).toHaveTitle(/Volt Charge/);
  const header = page.locator('.app-header');
  await expect(header.locator('.brand-mark__title')).toHaveText('Volt Charge');
  await expect(header.locator('img.brand-mark__logo')).toHaveAttribute('src', '/brands/volt/icon.svg');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/brands/volt/icon.svg');
  // The brand's colour on the page: the sign-in button is filled with it.
  await expect(header.locator('.button--primary')).toHaveCSS('background-color', VOLT_VIOLET);
  await page.screenshot({ path: testInfo.outputPath('volt-map-home.png') });

  const manifest = await browserFetch(page, `${volt}/manifest.webmanifest`);
  expect(manifest).toMatchObject({ name: 'Volt Charge', short_name: 'Volt', theme_color: '#6d28d9' });

  // Its own legal texts, in the language asked.
  await page.goto(`${volt}/termsofuse?locale=en`);
  await expect(page.getByTestId('legal-termsofuse')).toContainText('Volt Charge terms of use');
  await expect(page.getByTestId('legal-termsofuse')).toContainText('Volt Charge Demo LLP');

  // The same server on its usual host is still the demo brand.
  await page.goto('/?locale=en');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('.app-header .brand-mark__title')).toHaveText('evcharge');
  await expect(page.locator('.app-header .button--primary')).not.toHaveCSS('background-color', VOLT_VIOLET);
});

test("the brand's counter loads after the first paint, and the app's own counter reaches the server", async ({ page }) => {
  await page.goto(`${volt}/gides?locale=en`);
  const token = await analystToken(page);
  const before = await voltToday(page, token);

  // The brand's Matomo server, played here: it notes when its script ran.
  await page.route('https://stats.volt.demo/**', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'window.__counterRanAt = performance.now();',
    }),
  );

  await page.goto(`${volt}/?locale=en`);
  await expect(page.getByTestId('home-page')).toBeVisible();
  // Allowed by the page's Content-Security-Policy, and run only after the first paint.
  await page.waitForFunction(() => (window as { __counterRanAt?: number }).__counterRanAt !== undefined);
  const timing = await page.evaluate(() => ({
    ranAt: (window as { __counterRanAt?: number }).__counterRanAt ?? 0,
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
    queue: (window as { _paq?: unknown[][] })._paq?.map((command) => command[0]),
  }));
  expect(timing.ranAt).toBeGreaterThan(timing.firstPaint);
  expect(timing.queue).toEqual(['disableCookies', 'setTrackerUrl', 'setSiteId', 'setCustomUrl', 'trackPageView']);

  // Leaving the page sends the batch (navigator.sendBeacon on pagehide): the map home's view
  // is counted for the second brand, as its route pattern.
  await page.goto(`${volt}/gides?locale=en`);
  await expect.poll(async () => viewsOf(await voltToday(page, token), '/')).toBeGreaterThan(viewsOf(before, '/'));
});
