import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const demoDriver = { email: 'driver@evcharge.demo', password: 'Driver123' };
/** The second demo driver: the charging journey spends her balance, not the first one's. */
export const secondDriver = { email: 'anna@evcharge.demo', password: 'Anna1234' };

let counter = 0;
/** A fresh address per journey, so journeys never depend on each other. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.test`;
}

/** WCAG 2.2 AA: axe must find nothing on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in on the /login page and waits until the app has left it. */
export async function signInOnLoginPage(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login?locale=en');
  await signIn(page, email, password);
  await expect(page).not.toHaveURL(/\/login/);
}
