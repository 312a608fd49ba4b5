import { expect, test } from './fixtures';
import { demoDriver, expectNoAxeViolations, signIn, signInOnLoginPage, uniqueEmail } from './support';

test('a wrong password shows how many tries are left, the right one signs in', async ({ page }) => {
  // A fresh account, so the lockout counter of the demo account is never touched.
  const email = uniqueEmail('tries');
  const password = 'Tries4you';
  const signUp = await page.request.post('/auth/clientsignup', {
    data: { name: 'Dana', email, password, repeat: password, termsAccepted: true },
  });
  expect(signUp.status()).toBe(201);

  await page.goto('/login?locale=en');
  await expect(page.getByTestId('login-form')).toBeVisible();
  await expectNoAxeViolations(page);

  await signIn(page, email, 'Wrong1pass');
  await expect(page.getByTestId('login-error')).toContainText('Invalid login or password');
  await expect(page.getByTestId('login-error')).toContainText('4');
  await expectNoAxeViolations(page);

  await signIn(page, email, 'Wrong2pass');
  await expect(page.getByTestId('login-error')).toContainText('3');

  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-email')).toContainText(email);
  await expectNoAxeViolations(page);
});

test('the demo driver signs in and sees the profile with the balance', async ({ page }) => {
  await signInOnLoginPage(page, demoDriver.email, demoDriver.password);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-name')).toBeVisible();
  await expect(page.getByTestId('profile-balance-amount')).toContainText(/1[\s,.\u00a0\u202f]?500/);
});
