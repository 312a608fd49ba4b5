import { expect, test } from './fixtures';
import { demoDriver, signIn } from './support';

test('a logged-out visitor opening a private page directly is sent home keeping the locale, and comes back after sign-in', async ({ page }) => {
  await page.goto('/?locale=en');
  await page.goto('/profile');

  // SPEC §4: remembered via fromClient, logged out and sent to / keeping the locale.
  await expect(page).toHaveURL(/\/\?locale=en$/);
  expect(await page.evaluate(() => sessionStorage.getItem('fromClient'))).toBe('/profile');
  await expect(page.getByTestId('home-page')).toBeVisible();

  await page.getByTestId('header-sign-in').click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  await signIn(page, demoDriver.email, demoDriver.password);

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('profile-page')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('fromClient'))).toBeNull();
});

test('a logged-out visitor leaving the map for a private page gets the login dialog over the map', async ({ page }) => {
  await page.goto('/?locale=en');
  await expect(page.getByTestId('home-page')).toBeVisible();

  await page.getByTestId('nav-profile').click();
  await expect(page.getByTestId('login-dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/(\?locale=en)?$/);
  expect(await page.evaluate(() => sessionStorage.getItem('fromClient'))).toBe('/profile');

  await page.getByTestId('login-dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('login-dialog')).toBeHidden();
});

test('any path containing /admin leaves the app for /admin/', async ({ page }) => {
  await page.goto('/settings/admin/users');
  await expect(page).toHaveURL(/\/admin\/$/);
  // The staff console (apps/console) asks staff to sign in.
  await expect(page.getByTestId('console-signin')).toBeVisible();
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page?locale=en');
  await expect(page.getByTestId('not-found')).toBeVisible();
});
