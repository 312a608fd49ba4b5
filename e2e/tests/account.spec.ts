import { expect, test } from './fixtures';
import { askForPhoneCall, expectNoAxeViolations, outbox, register, signInOnLoginPage, uniqueEmail, uniquePhone } from './support';

// Account journeys: a new driver confirms the e-mail by the mailed code and the phone by the
// last 4 digits of an incoming call, adds a car (a wrong VIN is refused), likes a station,
// and deletes the account; a company driver switches profiles; debt blocks a deletion.

test('a new driver confirms e-mail and phone, adds a car, likes a station and deletes the account', async ({ page, request }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('account');
  const password = 'Charge2go';
  await register(page, { name: 'Dana', email, password });

  // E-mail: the code from the mail, typed on the confirm page.
  await page.goto('/profile');
  await page.getByTestId('email-confirm-link').click();
  await expect(page.getByTestId('confirm-code-form')).toBeVisible();
  await page.getByTestId('confirm-code-input').fill('000000');
  await page.getByTestId('confirm-code-submit').click();
  await expect(page.getByTestId('confirm-code-error')).toBeVisible();
  const mail = (await outbox(request, email)).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.body ?? '')?.[1];
  expect(code).toBeDefined();
  await page.getByTestId('confirm-code-input').fill(code!);
  await page.getByTestId('confirm-code-submit').click();
  await expect(page.getByTestId('confirm-done')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByTestId('email-confirmed')).toBeVisible();

  // Phone: we call; the last 4 digits of the calling number are the code.
  const digits = await askForPhoneCall(page, request, uniquePhone('+7999'));
  await page.getByTestId('phone-code').fill(digits === '0000' ? '1111' : '0000');
  await page.getByTestId('phone-confirm').click();
  await expect(page.getByTestId('confirm-phone-page')).toContainText(/wrong code/i);
  await page.getByTestId('phone-code').fill(digits);
  await page.getByTestId('phone-confirm').click();
  await expect(page.getByTestId('phone-confirmed')).toBeVisible();
  await expectNoAxeViolations(page);

  // A car: a VIN with the letter O is refused, a good one is saved.
  await page.goto('/cars');
  await page.getByTestId('cars-add-first').click();
  await page.getByTestId('car-name').fill('Family EV');
  await page.getByTestId('car-vin-input').fill('5YJ3E1EA7KF31700O');
  await page.getByTestId('car-save').click();
  await expect(page.getByTestId('car-form')).toContainText(/17 letters and digits/);
  await expect(page.getByTestId('car-card')).toHaveCount(0);
  await page.getByTestId('car-vin-input').fill('5YJ3E1EA7KF317000');
  await page.getByTestId('car-save').click();
  await expect(page.getByTestId('car-card')).toContainText('Family EV');

  // A favourite: the heart on a station page, then the station in the favourites.
  const list = await request.post('/api/chargestations/guest', {
    data: { connectorTypes: ['type2'], page: 1, pageSize: 5 },
  });
  const { items } = (await list.json()) as { items: { id: string; name: string }[] };
  const station = items[0]!;
  await page.goto(`/detailStation?id=${station.id}`);
  await page.getByTestId('favourite-toggle').click();
  await expect(page.getByTestId('favourite-toggle')).toHaveAttribute('data-favourite', 'true');
  await page.goto('/favourites');
  await expect(page.getByTestId('favourites-list')).toContainText(station.name);

  // Deletion: two steps, then the password; the account is gone.
  await page.goto('/profileset');
  await page.getByTestId('delete-account-link').click();
  await page.getByTestId('delete-understand').check();
  await page.getByTestId('delete-next').click();
  await page.getByTestId('delete-password').fill(password);
  await page.getByTestId('delete-confirm').click();
  await expect(page).toHaveURL(/\/accountDeleted$/);
  await expect(page.getByTestId('account-deleted')).toContainText('kept as the law requires');
  const signIn = await request.post('/auth/v2/signin', { data: { login: email, password, userType: 2 } });
  expect(signIn.status()).toBe(401);
});

test('a company driver switches to the personal profile and back', async ({ page }) => {
  await signInOnLoginPage(page, 'corp@evcharge.demo', 'Corp1234');
  const chip = page.getByTestId('header-profile-chip');
  await expect(chip).toContainText('EV Logistics');
  await chip.click();
  await expect(page.getByTestId('multiaccount-page')).toBeVisible();
  // The account speaks Russian: the choices are found by their order, personal first. A
  // choice is checked once the server has switched the profile, so click and wait for it.
  const choices = page.getByTestId('multiaccount-choices').getByRole('radio');
  await choices.nth(0).click();
  await expect(choices.nth(0)).toBeChecked();
  await expect(chip).not.toContainText('EV Logistics');
  await choices.nth(1).click();
  await expect(choices.nth(1)).toBeChecked();
  await expect(chip).toContainText('EV Logistics');
  await expectNoAxeViolations(page);
});

test('deleting the account is blocked while a debt is unpaid', async ({ page }) => {
  await signInOnLoginPage(page, 'mark@evcharge.demo', 'Mark1234');
  await page.goto('/deleteAccount');
  await expect(page.getByTestId('delete-blocked-debt')).toContainText('350');
  await expect(page.getByTestId('delete-pay-debt')).toBeVisible();
  await expect(page.getByTestId('delete-step-1')).toHaveCount(0);
  await expectNoAxeViolations(page);
});
