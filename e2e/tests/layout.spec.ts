import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { isKnownPath } from '../../apps/web/src/app/paths';
import { demoDriver, signInOnLoginPage } from './support';

// DESIGN: every screen fits a 320 px phone in every language, nothing runs past the screen's
// edge, and the map's own controls (at 320 and 375 px) neither leave the screen nor cover each other. Tajik has
// the longest texts of the eight languages, Russian the longest words. SPEC §2: every link
// inside the app opens one of its routes.

test.use({ viewport: { width: 320, height: 640 } });

type Box = { x: number; y: number; width: number; height: number };

const EDGE = 4;

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(page: Page, testIdOrSelector: string): Promise<Box> {
  const locator = testIdOrSelector.startsWith('.') ? page.locator(testIdOrSelector) : page.getByTestId(testIdOrSelector);
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${testIdOrSelector} is not on screen`);
  return box;
}

function expectOnScreen(page: Page, box: Box, name: string) {
  const width = page.viewportSize()?.width ?? 0;
  expect(box.x, `${name} keeps off the left edge`).toBeGreaterThanOrEqual(EDGE);
  expect(box.x + box.width, `${name} keeps off the right edge at ${width} px`).toBeLessThanOrEqual(width - EDGE);
}

/** No sideways scrolling, and every link inside the app leads to one of its routes. */
async function expectFitsAndLinksKnown(page: Page, screen: string) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${screen} scrolls sideways`).toBeLessThanOrEqual(widths.client);
  const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const unknown = hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === new URL(page.url()).origin && !isKnownPath(url.pathname))
    .map((url) => url.pathname);
  expect(unknown, `${screen} links to pages the app does not have`).toEqual([]);
}

async function useLanguage(page: Page, language: string) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('client') ?? '{}').accessToken as string);
  const answer = await page.request.put(`/api/user/updateLanguage/${language}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
}

async function expectMapControlsClear(page: Page) {
  await expect(page.getByTestId('map-legend')).toBeVisible();
  const filter = await boxOf(page, 'open-filter');
  const locate = await boxOf(page, 'locate-me');
  const legend = await boxOf(page, 'map-legend');
  const zoom = await boxOf(page, '.leaflet-control-zoom');
  const attribution = await boxOf(page, '.leaflet-control-attribution');
  expectOnScreen(page, filter, 'Filters');
  expectOnScreen(page, legend, 'the legend');
  expect(filter.height).toBeGreaterThanOrEqual(44);
  expect(overlaps(filter, locate) || overlaps(filter, legend) || overlaps(legend, zoom) || overlaps(legend, attribution)).toBe(false);
  // Open, the legend stays clear of the toolbar and the zoom buttons; a tap on the map closes it.
  await page.getByTestId('map-legend').locator('summary').click();
  const open = await boxOf(page, 'map-legend');
  expectOnScreen(page, open, 'the open legend');
  expect(overlaps(open, filter) || overlaps(open, zoom)).toBe(false);
  // A touch on the map (only its start: a whole tap could open a station's summary).
  await page.getByTestId('map-container').dispatchEvent('pointerdown');
  await expect(page.getByTestId('map-legend')).not.toHaveAttribute('open');
}

for (const language of ['tg', 'ru']) {
  test(`the main screens fit 320 px in ${language} and link only to the app's pages`, async ({ page, request }) => {
    const list = await request.post('/api/chargestations/guest', { data: { connectorTypes: ['type2', 'ccs2'], page: 1, pageSize: 1 } });
    const stationId = ((await list.json()) as { items: { id: string }[] }).items[0]!.id;
    await signInOnLoginPage(page, demoDriver.email, demoDriver.password);
    await useLanguage(page, language);
    // The demo driver owns two private stations (myCharges and a station's schedule).
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('client') ?? '{}').accessToken as string);
    const own = await request.get('/api/chargestation/get/private', { headers: { authorization: `Bearer ${token}` } });
    const ownStationId = ((await own.json()) as { items: { id: string }[] }).items[0]!.id;

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByTestId('map-container')).toBeVisible();
    await expectMapControlsClear(page);
    await expectFitsAndLinksKnown(page, 'the map');
    // The common phone width too, where the Filters button shows its name.
    await page.setViewportSize({ width: 375, height: 667 });
    await expectMapControlsClear(page);
    await page.setViewportSize({ width: 320, height: 640 });

    const screens: [string, string][] = [
      ['/?view=list', 'station-list-item'],
      ['/filter', 'filter-screen'],
      [`/detailStation?id=${stationId}`, 'station-page'],
      ['/profile', 'profile-page'],
      ['/myCharges', 'owner-station'],
      [`/myCharges?station=${ownStationId}`, 'schedule-form'],
      ['/balance', 'wallet-page'],
      ['/cards', 'cards-page'],
      ['/history', 'history-page'],
      ['/events', 'events-page'],
      ['/appSettings', 'settings-page'],
      ['/gides', 'guides-page'],
      ['/help', 'help-page'],
      ['/about', 'about-page'],
    ];
    for (const [path, testId] of screens) {
      await page.goto(path);
      await expect(page.getByTestId(testId).first()).toBeVisible();
      await expectFitsAndLinksKnown(page, path);
    }
  });
}
