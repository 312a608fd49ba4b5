import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accessTokenOf, demoDriver, signIn, uniqueEmail } from './support';

// After a sign-in: focus lands on the control that opened the sign-in, or on the screen's
// heading (WCAG 2.4.3 Focus Order), and the screen speaks one language: a language the visitor
// chose on this device a moment before stays, and a notice asks once whether to save it to the
// account or to switch to the account's.

test('signing in from a station with the keyboard brings the focus back to the opener or the heading', async ({ page }) => {
  const list = await page.request.post('/api/chargestations/guest', { data: { connectorTypes: ['type2'], page: 1, pageSize: 20 } });
  const [first] = ((await list.json()) as { items: { id: string }[] }).items;
  await page.goto(`/detailStation?id=${first!.id}&locale=en`);
  await expect(page.getByTestId('station-page')).toBeVisible();

  // The heart is the station's first control that asks a visitor to sign in.
  const heart = page.getByTestId('station-header').getByRole('button').first();
  await heart.focus();
  await page.evaluate(() => document.activeElement?.setAttribute('data-opener', ''));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await page.getByTestId('login-email').focus();
  await page.keyboard.type(demoDriver.email);
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('login-password')).toBeFocused();
  await page.keyboard.type(demoDriver.password);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('login-form')).toBeHidden();

  // The station loads again as the driver sees it (the heart remade): focus waits for its
  // heading rather than falling to the page's body.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.matches('[data-opener], h1') ?? false))
    .toBe(true);
});

async function signUpAccount(page: Page, Lang: 'ru' | 'en') {
  const email = uniqueEmail('language');
  const password = 'Language1';
  const answer = await page.request.post('/auth/clientsignup', {
    data: { name: 'Lena', email, password, repeat: password, termsAccepted: true, Lang },
  });
  expect(answer.status()).toBe(201);
  return { email, password };
}

async function accountLanguage(page: Page): Promise<string> {
  const token = await accessTokenOf(page);
  const self = await page.request.get('/api/users/self', { headers: { authorization: `Bearer ${token}` } });
  return ((await self.json()) as { Lang: string }).Lang;
}

/** A visitor opens the sign-in in Russian, switches to Spanish, then signs in. */
async function chooseSpanishAndSignIn(page: Page, account: { email: string; password: string }) {
  await page.goto('/login?locale=ru');
  await page.getByTestId('language-select').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await signIn(page, account.email, account.password);
  await expect(page).not.toHaveURL(/\/login/);
}

test('a language chosen just before signing in stays, and saving it makes it the account’s', async ({ page }) => {
  const account = await signUpAccount(page, 'ru');
  await chooseSpanishAndSignIn(page, account);

  const notice = page.getByTestId('language-question');
  await expect(notice).toContainText('¿Guardar «Español» como idioma de su cuenta?');
  await expect(notice.getByTestId('language-question-keep')).toHaveText('Mantener «Русский»');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  await notice.getByTestId('language-question-save').click();
  await expect(notice).toBeHidden();
  await expect.poll(() => accountLanguage(page)).toBe('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');

  // Asked once: a reload neither asks again nor switches the language.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByTestId('language-question')).toHaveCount(0);
});

test('keeping the account’s language switches the screen to it and leaves the account as it was', async ({ page }) => {
  const account = await signUpAccount(page, 'en');
  await chooseSpanishAndSignIn(page, account);

  const notice = page.getByTestId('language-question');
  await expect(notice.getByTestId('language-question-keep')).toHaveText('Mantener «English»');
  await notice.getByTestId('language-question-keep').click();
  await expect(notice).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(await accountLanguage(page)).toBe('en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('language-question')).toHaveCount(0);
});
