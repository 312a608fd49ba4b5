import { expect, test } from './fixtures';
import { expectNoAxeViolations, signInOnLoginPage, uniqueEmail } from './support';

test('a driver registers, confirms the e-mail from the mailed link and signs in again', async ({ page }) => {
  const email = uniqueEmail('newdriver');
  const password = 'Charge2go';

  await page.goto('/register?locale=en');
  await expect(page.getByTestId('register-form')).toBeVisible();
  await expectNoAxeViolations(page);

  // The terms must be accepted: without the tick nothing is sent.
  await page.getByTestId('register-name').fill('Aigerim');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill(password);
  await page.getByTestId('register-repeat').fill(password);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-form')).toContainText(/terms/i);
  await expect(page.getByTestId('register-done')).toHaveCount(0);

  await page.getByTestId('register-terms').check();
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-done')).toContainText(email);

  // The profile says the e-mail is not confirmed yet.
  await page.goto('/profile');
  await expect(page.getByTestId('email-unconfirmed')).toBeVisible();

  // The confirmation mail waits in the outbox; its link opens the confirm page.
  await page.goto('/dev/outbox');
  const mail = page.locator('article', { hasText: email }).first();
  await expect(mail).toBeVisible();
  await mail.locator('a[href*="/confirm_page?token="]').first().click();
  await expect(page.getByTestId('confirm-done')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/profile');
  await expect(page.getByTestId('email-confirmed')).toBeVisible();

  // Sign out, then in again with the new account.
  await page.getByTestId('profile-sign-out').click();
  await signInOnLoginPage(page, email, password);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toContainText(email);
});
