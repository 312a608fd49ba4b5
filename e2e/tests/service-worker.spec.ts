import type { Page } from '@playwright/test';
import { navigationAllowlist } from '../../apps/web/pwa.config';
import { expect, serviceWorkerControls, test } from './fixtures';

// A returning visitor's browser: the installed service worker answers the app's own routes
// with the page the server would send, from its cache, and leaves every page the server
// serves itself to the server (the bank's card page once showed "Page not found").

/** The page the server answers a navigation to `path` with, without the service worker. */
async function serverPage(page: Page, path: string): Promise<string> {
  const answer = await page.request.get(path, { headers: { accept: 'text/html' } });
  expect(answer.ok()).toBe(true);
  return answer.text();
}

test('the built service worker carries the allow-list made from the router paths', async ({ page }) => {
  const worker = await (await page.request.get('/sw.js')).text();
  expect(worker).toContain('allowlist:');
  for (const pattern of navigationAllowlist) expect(worker).toContain(String(pattern));
});

test('the service worker answers the app routes as the server does: / with the map home, a screen with app.html', async ({ page }) => {
  for (const path of ['/?locale=en', '/login?locale=en', '/c/MOW00007-1']) {
    const answer = await page.goto(path);
    expect(answer?.fromServiceWorker(), path).toBe(true);
    expect(await answer?.text(), path).toBe(await serverPage(page, path));
  }
  await page.goto('/login?locale=en');
  await expect(page.getByTestId('login-email')).toBeVisible();
});

test('pages the server serves itself are never answered with the app shell', async ({ page }) => {
  const answer = await page.goto('/acquirer/sandbox/pay/00000000-0000-4000-8000-000000000000');
  expect(answer?.fromServiceWorker()).toBe(false);
  expect(await serviceWorkerControls(page)).toBe(true);
  // The bank's own page (here its 404 for an unknown payment), not the app's "Page not found".
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('404');
  await expect(page.getByTestId('not-found')).toHaveCount(0);

  for (const path of ['/admin/', '/api/openapi.json', '/health', '/api/receipts/1/pdf']) {
    const server = await page.goto(path);
    expect(server?.fromServiceWorker(), path).toBe(false);
    await expect(page.getByTestId('not-found'), path).toHaveCount(0);
  }
});
