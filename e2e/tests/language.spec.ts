import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  accessTokenOf,
  demoDriver,
  expectNoAxeViolations,
  signInOnLoginPage,
  uniqueEmail,
} from './support';

async function accountLanguage(page: Page): Promise<string> {
  const token = await accessTokenOf(page);
  const self = await page.request.get('/api/users/self', {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await self.json()) as { Lang: string }).Lang;
}

test('switching the language to Kazakh changes the screen and is kept on the account', async ({
  page,
}) => {
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
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('client') ?? '{}').accessToken,
  );
  const self = await page.request.get('/api/users/self', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await self.json()).Lang).toBe('kz');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'kk');
});

test('the locale query parameter picks the language on first open', async ({ page }) => {
  await page.goto('/login?locale=es-ES');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect(await page.evaluate(() => localStorage.getItem('Lang'))).toBe('es');
});

// SPEC §4 query parameter `locale` for a signed-in driver: the screen speaks the link's
// language and a notice offers to save it to the account, or "Not now".

async function signedInRussianAccount(page: Page) {
  const email = uniqueEmail('locale-link');
  const password = 'Language1';
  const answer = await page.request.post('/auth/clientsignup', {
    data: { name: 'Oleg', email, password, repeat: password, termsAccepted: true, Lang: 'ru' },
  });
  expect(answer.status()).toBe(201);
  await signInOnLoginPage(page, email, password);
  // The account's language applies after the sign-in.
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
}

test('a link’s locale switches a signed-in driver’s screen, and saving it makes it the account’s', async ({
  page,
}) => {
  await signedInRussianAccount(page);
  await page.goto('/?locale=en');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const notice = page.getByTestId('language-question');
  await expect(notice).toContainText('Save English as your account language?');
  await expect(notice.getByTestId('language-question-later')).toHaveText('Not now');
  await expectNoAxeViolations(page);

  await notice.getByTestId('language-question-save').click();
  await expect(notice).toBeHidden();
  await expect.poll(() => accountLanguage(page)).toBe('en');

  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('language-question')).toHaveCount(0);
});

test('“Not now” keeps the link’s language on screen and the account’s for the next opening', async ({
  page,
}) => {
  await signedInRussianAccount(page);
  await page.goto('/?locale=en');
  const notice = page.getByTestId('language-question');
  await expect(notice).toContainText('Save English as your account language?');
  await notice.getByTestId('language-question-later').click();
  await expect(notice).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.goto('/');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('language-question')).toHaveCount(0);
  expect(await accountLanguage(page)).toBe('ru');
});

test('a locale we do not speak changes nothing for a signed-in driver', async ({ page }) => {
  await signedInRussianAccount(page);
  await page.goto('/?locale=fr');
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByTestId('language-question')).toHaveCount(0);
});
