import type { Locator, Page } from '@playwright/test';
import type { Station } from '@evcharge/station-sim/station';
import { expect, test } from './fixtures';
import {
  accessTokenOf,
  pickStation,
  playStation,
  secondDriver,
  signInOnLoginPage,
  startFromQrCode,
} from './support';

// The staff console at /admin/: SPEC §4 query parameter `locale` as in the driver app (the
// sign-in page and the signed-in console; otherwise the staff account's language), and SPEC §6
// support's driver panel beside a conversation: a running session counts among the latest
// sessions, and its status fits its card at a phone's and a desktop's width.

const analyst = { email: 'analyst@evcharge.demo', password: 'Analyst123' };
const supportAgent = { email: 'support@evcharge.demo', password: 'Support1234' };

let station: Station | undefined;

type LongSession = { status: string; station: { name: string } };

test.afterEach(async () => {
  await station?.close();
  station = undefined;
});

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

/** Every status pill of the driver panel lies inside its card, and no card scrolls sideways. */
async function expectStatusesInsideCards(panel: Locator, width: number) {
  const overflow = await panel.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('.context-block')].flatMap((card) => {
      const box = card.getBoundingClientRect();
      const out = [...card.querySelectorAll<HTMLElement>('.status')]
        .map((pill) => pill.getBoundingClientRect())
        .filter((pill) => pill.left < box.left - 0.5 || pill.right > box.right + 0.5)
        .map(
          (pill) =>
            `pill ${Math.round(pill.left)}–${Math.round(pill.right)} beyond card ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
      return card.scrollWidth > card.clientWidth + 1
        ? [...out, `card scrolls ${card.scrollWidth} > ${card.clientWidth}`]
        : out;
    }),
  );
  expect(overflow, `${width} px`).toEqual([]);
}

test('support sees a running session among the driver’s latest sessions, its status inside the card at any width', async ({
  page,
  context,
  baseURL,
}) => {
  const detail = await pickStation(page.request);
  const connector = detail.connectors.find(
    (c) => c.status === 'available' && c.currentType === 'AC',
  )!;
  station = await playStation(baseURL!, detail);

  await signInOnLoginPage(page, secondDriver.email, secondDriver.password);
  await startFromQrCode(page, connector);
  await page.getByTestId('start-charge').click();
  await expect(page.getByTestId('live-figures')).toBeVisible({ timeout: 20_000 });
  const transactionId = Number(
    await page.getByTestId('charging-page').getAttribute('data-transaction-id'),
  );
  const token = await accessTokenOf(page);
  const headers = { authorization: `Bearer ${token}` };
  const self = (await (await page.request.get('/api/users/self', { headers })).json()) as {
    id: string;
  };
  const asked = await page.request.post('/api/messages', {
    headers,
    data: { text: `Is my session fine? ${Date.now()}` },
  });
  expect(asked.status()).toBe(201);

  const staff = await context.newPage();
  await signInToConsole(staff, supportAgent, '/admin/?locale=en');
  await staff.goto(`/admin/support/${self.id}`);
  const panel = staff.getByTestId('console-context');
  const card = (heading: string) =>
    panel.locator('.context-block').filter({ has: staff.getByRole('heading', { name: heading }) });
  await expect(card('Charging now').getByTestId('console-context-session')).toHaveCount(1);
  // The running session is the latest: first among the last sessions, never "none yet".
  await expect(
    card('Last sessions').getByTestId('console-context-session').first().locator('.status'),
  ).toHaveText(await card('Charging now').locator('.status').innerText());
  await expect(card('Last sessions')).not.toContainText('No sessions yet.');

  // The longest status and a long station name, in Russian: the pill still stays in its card.
  await staff.route(`**/api/admin/support/conversations/${self.id}/context`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      activeSessions: LongSession[];
      lastSessions: LongSession[];
    };
    for (const session of [...body.activeSessions, ...body.lastSessions]) {
      session.status = 'parking';
      session.station.name = 'ЭЗС Торгово-развлекательный центр «Авиапарк», подземная парковка';
    }
    await route.fulfill({ response, json: body });
  });
  for (const width of [320, 375, 1440]) {
    await staff.setViewportSize({ width, height: 900 });
    await staff.goto(`/admin/support/${self.id}?locale=ru`);
    await expect(card('Заряжается сейчас').locator('.status')).toHaveText(
      'Зарядка окончена, автомобиль ещё подключён',
    );
    await panel.scrollIntoViewIfNeeded();
    await expectStatusesInsideCards(panel, width);
  }
  await staff.close();

  // The session ends as the driver asks: the next journeys find Anna without one.
  await page.goto(`/charging?tx=${transactionId}&locale=en`);
  await page.getByTestId('stop-charge').click();
  await page.getByTestId('stop-confirm').click();
  await expect(page.getByTestId('session-summary')).toBeVisible({ timeout: 45_000 });
});
