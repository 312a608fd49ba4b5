import { expect, test } from './fixtures';
import { demoDriver, expectNoAxeViolations, signInOnLoginPage } from './support';

test('switching the language to Kazakh changes the screen and is kept on the account', async ({ page }) => {
  await signInOnLoginPage(page, demoDriver.email, demoDriver.password);
  await page.goto('/appSettings');
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expectNoAxeViolations(page);

  const heading = page.getByRole('heading', { level: 1 });
  const englishHeading = await heading.textContent();

  const kazakh = page.getByTestId('language-choices').getByRole('radio', { name: 'Қазақша' });
  await kazakh.click();
  await expect(kazakh).toBeChecked();
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
  await expect(heading).not.toHaveText(englishHeading ?? '');
  await expect(page.getByTestId('language-synced')).toBeVisible();
  await expectNoAxeViolations(page);

  // The choice went to the account (PUT /api/user/updateLanguage/kz) and survives a reload.
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('client') ?? '{}').accessToken);
  const self = await page.request.get('/api/users/self', { headers: { authorization: `Bearer ${token}` } });
  expect((await self.json()).Lang).toBe('kz');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
});

test('the locale query parameter picks the language on first open', async ({ page }) => {
  await page.goto('/login?locale=es-ES');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await page.evaluate(() => localStorage.getItem('Lang'))).toBe('es');
});
