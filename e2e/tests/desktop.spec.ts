import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, openMapAt } from './support';

// A laptop (1440 × 900): the map home shows the station list beside the map, each side marks
// the station pointed at on the other, and a chosen station's summary opens in the list's panel.
// The same laptop at 200 % zoom (720 × 450 CSS px): the header and the tab bar leave the map
// most of the height (WCAG 1.4.10).

type Station = { id: string; lat: number; lng: number };

/** A demo station, with the map set to open close over it (this visit's saved map view). */
async function openMapOver(page: Page): Promise<Station> {
  const answer = await page.request.post('/api/chargestations/guest', { data: { connectorTypes: ['type2', 'ccs2'], page: 1, pageSize: 1 } });
  const station = ((await answer.json()) as { items: Station[] }).items[0]!;
  await openMapAt(page, { lat: station.lat, lng: station.lng }, 17);
  return station;
}

/** A demo station in Moscow, the city with the most of them. */
async function moscowStation(page: Page): Promise<Station & { name: string }> {
  const answer = await page.request.post('/api/chargestations/guest', {
    data: { connectorTypes: ['type2', 'ccs2'], near: { lat: 55.7558, lng: 37.6173 }, page: 1, pageSize: 1 },
  });
  return ((await answer.json()) as { items: (Station & { name: string })[] }).items[0]!;
}

/** Where the map looks now (this visit's saved map view), to five decimals. */
async function savedCentre(page: Page): Promise<{ lat: string; lng: string }> {
  const view = await page.evaluate(() => JSON.parse(sessionStorage.getItem('mapView') ?? '{}') as { center?: { lat: number; lng: number } });
  return { lat: (view.center?.lat ?? 0).toFixed(5), lng: (view.center?.lng ?? 0).toFixed(5) };
}

/** Where the map draws the station ringed for the list (the marker canvas says, in CSS px of the container). */
async function highlightedPoint(page: Page): Promise<{ x: number; y: number }> {
  const map = page.getByTestId('map-container');
  await expect(map).toHaveAttribute('data-highlighted-at', /^\d+,\d+$/);
  const [x = 0, y = 0] = (await map.getAttribute('data-highlighted-at'))!.split(',').map(Number);
  const box = (await map.boundingBox())!;
  return { x: box.x + x, y: box.y + y };
}

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false });

  test('the list stands beside the map, each marks the station pointed at on the other, and a chosen station opens in the panel', async ({ page }) => {
    const station = await openMapOver(page);
    const map = page.getByTestId('map-container');
    const list = page.getByTestId('station-list');
    await expect(map).toBeVisible();
    await expect(list).toBeVisible();
    // Both at once, side by side: no map/list toggle at this width.
    await expect(page.getByTestId('view-list')).toHaveCount(0);
    const listBox = (await page.getByTestId('map-panel').boundingBox())!;
    const mapBox = (await map.boundingBox())!;
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(mapBox.x + 1);
    expect(mapBox.width).toBeGreaterThan(listBox.width);
    expect(mapBox.height).toBeGreaterThan(600);
    // The header spans the window: its sign-in button ends near the right edge.
    const signIn = (await page.getByTestId('header-sign-in').boundingBox())!;
    expect(signIn.x + signIn.width).toBeGreaterThan(1440 - 64);
    await expect(list.getByTestId('station-list-item').first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The pointer on a row rings its station on the map; leaving it, the ring goes.
    const row = list.locator(`li[data-station-id="${station.id}"]`);
    await row.hover();
    await expect(map).toHaveAttribute('data-highlighted-station', station.id);
    const marker = await highlightedPoint(page);
    await page.mouse.move(720, 20);
    await expect(map).not.toHaveAttribute('data-highlighted-station');
    // Keyboard focus on the row does the same.
    await row.getByTestId('station-list-item').focus();
    await expect(map).toHaveAttribute('data-highlighted-station', station.id);
    await page.getByTestId('header-guides').focus();
    await expect(map).not.toHaveAttribute('data-highlighted-station');

    // The pointer on the station's marker marks its row in the list; focus stays where it was.
    await expect(row).not.toHaveAttribute('data-marked');
    await page.mouse.move(marker.x, marker.y);
    await expect(row).toHaveAttribute('data-marked', 'true');
    await expect(page.getByTestId('header-guides')).toBeFocused();
    await page.mouse.move(marker.x + 200, marker.y + 200);
    await expect(row).not.toHaveAttribute('data-marked');

    // Chosen on the map, the station's summary opens in the panel beside the map, not over it.
    await page.mouse.click(marker.x, marker.y);
    const sheet = page.getByTestId('map-panel').getByTestId('station-sheet');
    await expect(sheet).toBeVisible();
    await expect(sheet).toBeFocused();
    await expect(list).toBeHidden();
    const sheetBox = (await sheet.boundingBox())!;
    expect(sheetBox.x + sheetBox.width).toBeLessThanOrEqual(mapBox.x);
    await expect(page.getByTestId('station-sheet-details')).toBeVisible();
    await expectNoAxeViolations(page);

    // Back to the list, with focus on the station's row.
    await page.getByTestId('station-sheet-back').click();
    await expect(list).toBeVisible();
    await expect(row.getByTestId('station-list-item')).toBeFocused();
  });

  test('a row chosen in the list opens the station beside the map, which flies over it and marks it; back returns to the row', async ({ page }) => {
    const station = await moscowStation(page);
    // The map opens a little way off the station, close in.
    await openMapAt(page, { lat: station.lat + 0.002, lng: station.lng + 0.003 }, 16);
    const map = page.getByTestId('map-container');
    const list = page.getByTestId('station-list');
    const row = list.locator(`li[data-station-id="${station.id}"]`);
    const link = row.getByTestId('station-list-item');
    await expect(map).toHaveAttribute('data-drawn-stations', /^[1-9]/, { timeout: 20_000 });

    // A row far from the map's view (beyond the area the map has loaded): the map points to it
    // from its edge, since its own marker is not drawn.
    const last = list.getByTestId('station-list-item').last();
    await expect(last.getByTestId('station-list-distance')).toHaveText(/\b(\d{2,}|[2-9])(\.\d)? km$/);
    await last.hover();
    await expect(map).toHaveAttribute('data-highlighted-station', (await last.getAttribute('data-station-id'))!);
    await expect(map).toHaveAttribute('data-highlighted-edge', 'true');
    await page.mouse.move(720, 20);
    await expect(map).not.toHaveAttribute('data-highlighted-station');

    // Clicked, the row opens the station's summary in the panel, not the station page.
    await link.click();
    const sheet = page.getByTestId('map-panel').getByTestId('station-sheet');
    await expect(sheet).toBeFocused();
    await expect(sheet.getByRole('heading', { level: 2 })).toHaveText(station.name);
    await expect(list).toBeHidden();
    expect(new URL(page.url()).pathname).toBe('/');
    // The map flies over the station and marks it, in the middle of the map.
    await expect(map).toHaveAttribute('data-highlighted-station', station.id);
    await expect.poll(() => savedCentre(page)).toEqual({ lat: station.lat.toFixed(5), lng: station.lng.toFixed(5) });
    const mapBox = (await map.boundingBox())!;
    const offCentre = async () => {
      const marked = await highlightedPoint(page);
      return Math.round(Math.hypot(marked.x - (mapBox.x + mapBox.width / 2), marked.y - (mapBox.y + mapBox.height / 2)));
    };
    await expect.poll(offCentre).toBeLessThan(3);
    await expect(map).not.toHaveAttribute('data-highlighted-edge');
    // The station page is still a link away.
    await expect(page.getByTestId('station-sheet-details')).toHaveAttribute('href', `/detailStation?id=${station.id}`);
    await expectNoAxeViolations(page);

    // Back: the list again, the focus on the station's row.
    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect(list).toBeVisible();
    await expect(link).toBeFocused();

    // The keyboard's way: Enter on the row opens it, Escape goes back to the row.
    await page.keyboard.press('Enter');
    await expect(sheet).toBeFocused();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.keyboard.press('Escape');
    await expect(list).toBeVisible();
    await expect(link).toBeFocused();
  });

  test('a cluster pointed at or focused on the map marks the rows of its stations', async ({ page }) => {
    const station = await moscowStation(page);
    // Far out: Moscow's stations are one group on the map; the list has the nearest of them.
    await openMapAt(page, { lat: station.lat, lng: station.lng }, 5);
    const map = page.getByTestId('map-container');
    const list = page.getByTestId('station-list');
    await expect(map).toHaveAttribute('data-drawn-clusters', /^[1-9]/, { timeout: 20_000 });
    const rows = list.locator('li.station-list__row');
    await expect(rows).toHaveCount(20);
    const markedRows = list.locator('li.station-list__row[data-marked]');
    await expect(markedRows).toHaveCount(0);

    // The keyboard's focus on the group nearest the centre: Moscow's.
    const markers = page.getByRole('listbox', { name: 'Stations on the map' });
    await markers.focus();
    await page.keyboard.press('Home');
    const active = page.getByTestId('map-marker-active');
    await expect(active).toHaveAttribute('data-kind', 'cluster');
    await expect(markedRows).toHaveCount(20);
    await expect(list.locator(`li[data-station-id="${station.id}"]`)).toHaveAttribute('data-marked', 'true');
    // Where the group is drawn, for the pointer next.
    await expect(map).toHaveAttribute('data-focused-at', /^\d+,\d+$/);
    const [x = 0, y = 0] = (await map.getAttribute('data-focused-at'))!.split(',').map(Number);
    const box = (await map.boundingBox())!;
    await page.getByTestId('header-guides').focus();
    await expect(markedRows).toHaveCount(0);

    // The pointer on the group marks the same rows; off it, the marks go.
    await page.mouse.move(box.x + x, box.y + y);
    await expect(markedRows).toHaveCount(20);
    await page.mouse.move(720, 20);
    await expect(markedRows).toHaveCount(0);
  });

  test('the station page shows where the station is on a small map, with the connectors beside the tariff', async ({ page }) => {
    const answer = await page.request.post('/api/chargestations/guest', { data: { connectorTypes: ['type2', 'ccs2'], page: 1, pageSize: 1 } });
    const station = ((await answer.json()) as { items: { id: string; name: string }[] }).items[0]!;
    await page.goto(`/detailStation?id=${station.id}&locale=en`);
    const map = page.getByRole('group', { name: `${station.name} on the map` });
    await expect(map).toBeVisible();
    await expect(map.locator('.mini-map__marker')).toHaveCount(1);
    await expect(page.getByTestId('station-directions')).toContainText('Coordinates:');
    const connectors = (await page.getByTestId('connector-row').first().boundingBox())!;
    const tariff = (await page.getByTestId('station-tariff').boundingBox())!;
    expect(connectors.x + connectors.width).toBeLessThan(tariff.x);
    await expectNoAxeViolations(page);
  });
});

test.describe('at 720 × 450 (a laptop at 200 % zoom)', () => {
  test.use({ viewport: { width: 720, height: 450 }, isMobile: false, hasTouch: false });

  test('the map keeps most of the height, and the tab bar still names every destination', async ({ page }) => {
    await page.goto('/?locale=en');
    const map = page.getByTestId('map-container');
    await expect(map).toBeVisible();
    const box = (await map.boundingBox())!;
    expect(box.height / 450).toBeGreaterThanOrEqual(0.6);
    await expect(page.getByTestId('nav-charging')).toBeVisible();
    await expect(page.getByTestId('nav-charging')).toContainText('Charging');
    const tab = (await page.getByTestId('nav-charging').boundingBox())!;
    expect(tab.height).toBeGreaterThanOrEqual(44);
    await expectNoAxeViolations(page);
  });
});
