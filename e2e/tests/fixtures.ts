import { test as base, expect, type Page } from '@playwright/test';

// Every journey runs as a returning visitor's browser does: the app's service worker installed
// and controlling the page, so a navigation it answers wrongly (a server page answered with the
// app's shell) fails the journey as it would fail a driver.

/** True when the page's navigations and requests go through the app's service worker. */
export function serviceWorkerControls(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/**
 * Visits the app once (the sign-in screen: lighter than the map) and waits until its service
 * worker is active; a first visit is not controlled by a worker it installed (no
 * clients.claim), so the page is reloaded once.
 */
export async function installServiceWorker(page: Page): Promise<void> {
  await page.goto('/login');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await serviceWorkerControls(page))) await page.reload();
  expect(await serviceWorkerControls(page)).toBe(true);
}

export const test = base.extend<{ serviceWorkerInstalled: void }>({
  // Every test's page, before the journey starts. Precaching the whole app takes its own time:
  // it does not eat into the journey's timeout.
  serviceWorkerInstalled: [
    async ({ page }, use) => {
      await installServiceWorker(page);
      await use();
    },
    { auto: true, timeout: 60_000 },
  ],
});

export { expect };
