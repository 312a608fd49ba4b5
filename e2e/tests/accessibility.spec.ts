import { expect, test } from './fixtures';
import { demoDriver, expectNoAxeViolations, pickStation, signInOnLoginPage } from './support';

// WCAG 2.2 AA on every screen a driver meets, at a phone's, a tablet's and a desktop's width,
// in the light and the dark scheme (the app follows prefers-color-scheme), signed out and in.

const widths = [
  { name: 'phone', width: 375, height: 740, isMobile: true },
  { name: 'tablet', width: 768, height: 1024, isMobile: true },
  { name: 'desktop', width: 1440, height: 900, isMobile: false },
] as const;

const signedOutScreens = ['/', '/?view=list', '/login', '/register', '/forgot', '/gides', '/termsofuse'];
const signedInScreens = [
  '/',
  '/?view=list',
  '/filter',
  '/help',
  '/about',
  '/history',
  '/cards',
  '/balance',
  '/receipts',
  '/profile',
  '/appSettings',
  '/cars',
  '/favourites',
  '/my_rfid',
  '/loyalty_cards',
  '/chat',
  '/events',
  '/myCharges',
];

async function checkScreen(page: import('@playwright/test').Page, path: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
  // Wait for the screen's data: no spinner left in the main landmark.
  await expect(page.locator('main [aria-busy="true"]'), path).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  // Colours change with a short transition: axe reads them once they have settled.
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished)));
  await expectNoAxeViolations(page);
}

for (const size of widths) {
  test.describe(`at ${size.width} px (${size.name})`, () => {
    test.use({
      viewport: { width: size.width, height: size.height },
      isMobile: size.isMobile,
      hasTouch: size.isMobile,
    });

    test('signed out: the map, a station and the public screens pass axe, light and dark', async ({ page, request }) => {
      test.setTimeout(120_000);
      const station = await pickStation(request);
      for (const path of [...signedOutScreens, `/detailStation?id=${station.id}`]) {
        await checkScreen(page, `${path}${path.includes('?') ? '&' : '?'}locale=en`);
      }
    });

    test('signed in: every screen of the driver passes axe, light and dark', async ({ page, request }) => {
      test.setTimeout(180_000);
      const station = await pickStation(request);
      await signInOnLoginPage(page, demoDriver.email, demoDriver.password);
      for (const path of [...signedInScreens, `/detailStation?id=${station.id}`]) {
        await checkScreen(page, path);
      }
    });
  });
}
