import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The staff console at /admin/: SPEC §4 query parameter `locale` as in the driver app (the
// sign-in page and the signed-in console; otherwise the staff account's language), and SPEC §6
// support's driver panel beside a conversation: a running session counts among the latest
// sessions, and its status fits its card at a phone's and a desktop's width.

const analyst = { email: 'analyst@evcharge.demo', password: 'Analyst123' };

async function signInToConsole(
  page: Page,
  account: { email: string; password: string },
  path = '/admin/',
) {
  await page.goto(path);
  await page.getByTestId('console-email').fill(account.email);
  await page.getByTestId('console-password').fill(account.password);
  await page.getByTestId('console-signin').click();
  await expect(page.getByTestId('console-staff-role')).toBeAttached();
}

test('the console speaks ?locale= before and after the sign-in, and the staff account’s language otherwise', async ({
  page,
}) => {
  // The analyst's account speaks Russian; the link asks for Spanish.
  await signInToConsole(page, analyst, '/admin/?locale=es-ES');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('console-staff-role')).toHaveText('Analista');

  await page.getByTestId('console-signout').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consola del personal');

  // Without the parameter, the sign-in brings the account's language.
  await signInToConsole(page, analyst);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('console-staff-role')).toHaveText('Аналитик');

  // Signed in: the parameter switches the console; one we do not speak changes nothing.
  await page.goto('/admin/analytics?locale=en');
  await expect(page.getByTestId('console-staff-role')).toHaveText('Analyst');
  await page.goto('/admin/analytics?locale=fr');
  await expect(page.getByTestId('console-staff-role')).toHaveText('Analyst');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
