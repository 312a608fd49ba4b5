import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@evcharge/api/common';
import { currentLanguageQuestion, setLanguageQuestion } from '@/lib/account-language';
import { currentLanguage } from '@/lib/i18n';
import { setLanguage } from '@/lib/preferences';
import { selfQueryKey } from '@/lib/self-query';
import { clearSession, getSession, startSession } from '@/lib/session';
import { readLanguage } from '@/lib/storage';
import { buildClient } from '@/test/builders';
import { routeFetch } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { guardRoute } from '@/app/guard';
import { isKnownPath, paths } from '@/app/paths';
import { AccountDeletedPage } from './account-deleted-page';
import { AccountWatch } from './account-watch';
import { DeleteAccountPage } from './delete-account-page';
import { ProfileSettingsPage } from './profile-settings-page';

const client = buildClient();
const user: User = client.user;

beforeEach(() => {
  startSession(client);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  setLanguageQuestion(null);
});

function serve(routes: Parameters<typeof routeFetch>[0]) {
  const fake = routeFetch([...routes, { path: '/api/users/self', reply: jsonResponse(200, user) }]);
  vi.stubGlobal('fetch', fake.fetch);
  return fake.sent;
}

describe('ProfileSettingsPage', () => {
  it('saves the personal data and says a new e-mail must be confirmed', async () => {
    const sent = serve([
      {
        method: 'PUT',
        path: '/api/persone',
        reply: (request) =>
          jsonResponse(200, {
            user: { ...user, ...(request.body as object), isEmailConfirmed: false },
            emailConfirmationSent: true,
            phoneConfirmationNeeded: false,
          }),
      },
    ]);
    await renderScreen(<ProfileSettingsPage />);
    const ui = userEvent.setup();
    const email = await screen.findByTestId('person-email');
    await ui.clear(email);
    await ui.type(email, 'new@example.com');
    await ui.type(screen.getByTestId('person-patronymic'), 'Ivanovna');
    await ui.click(screen.getByTestId('person-submit'));
    expect((await screen.findByTestId('person-email-sent')).textContent).toMatch(
      /new@example\.com/,
    );
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      email: 'new@example.com',
      patronymic: 'Ivanovna',
      phone: '+79990000000',
    });
    await waitFor(() => expect(getSession()?.user.email).toBe('new@example.com'));
  });

  it('shows the rule of a wrong phone and sends nothing', async () => {
    const sent = serve([]);
    await renderScreen(<ProfileSettingsPage />);
    const ui = userEvent.setup();
    const phone = await screen.findByTestId('person-phone');
    await ui.clear(phone);
    await ui.type(phone, '12345');
    await ui.click(screen.getByTestId('person-submit'));
    expect(
      await screen.findByText('Enter a phone number with the country code: +7, +994 or +998'),
    ).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows the server error when the e-mail is taken', async () => {
    serve([
      {
        method: 'PUT',
        path: '/api/persone',
        reply: jsonResponse(409, { code: 'EMAIL_TAKEN', message: 'taken' }),
      },
    ]);
    await renderScreen(<ProfileSettingsPage />);
    await userEvent.setup().click(await screen.findByTestId('person-submit'));
    expect((await screen.findByTestId('person-error')).textContent).toMatch(/already exists/i);
  });

  it('checks the new password before asking the server', async () => {
    const sent = serve([]);
    await renderScreen(<ProfileSettingsPage />);
    const ui = userEvent.setup();
    await ui.type(await screen.findByTestId('password-current'), 'Old12345');
    await ui.type(screen.getByTestId('password-new'), 'New12345');
    await ui.type(screen.getByTestId('password-repeat'), 'New12346');
    await ui.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(sent.filter((r) => r.url.pathname === '/auth/changepassword')).toHaveLength(0);
  });

  it("changes the password with the user's id, old and new", async () => {
    const sent = serve([
      { method: 'PUT', path: '/auth/changepassword', reply: jsonResponse(200, { ok: true }) },
    ]);
    await renderScreen(<ProfileSettingsPage />);
    const ui = userEvent.setup();
    await ui.type(await screen.findByTestId('password-current'), 'Old12345');
    await ui.type(screen.getByTestId('password-new'), 'New12345');
    await ui.type(screen.getByTestId('password-repeat'), 'New12345');
    await ui.click(screen.getByTestId('password-submit'));
    expect(await screen.findByTestId('password-changed')).toBeTruthy();
    expect(sent.find((r) => r.url.pathname === '/auth/changepassword')?.body).toEqual({
      UserId: user.id,
      Password: 'Old12345',
      NewPassword: 'New12345',
      ConfirmNewPassword: 'New12345',
    });
  });
});

const check = (patch: object) =>
  jsonResponse(200, {
    allowed: false,
    blocker: null,
    balanceMinor: 0,
    debtMinor: 0,
    currency: 'rub',
    ...patch,
  });

describe('DeleteAccountPage', () => {
  it('is blocked by debt, with the amount and a way to pay', async () => {
    const sent = serve([
      {
        path: '/api/user/deletion-check',
        reply: check({ blocker: 'debt', balanceMinor: -12_345, debtMinor: 12_345 }),
      },
    ]);
    await renderScreen(<DeleteAccountPage />);
    expect((await screen.findByTestId('delete-blocked-debt')).textContent).toMatch(/123\.45/);
    expect(screen.getByTestId('delete-pay-debt')).toBeTruthy();
    expect(screen.queryByTestId('delete-step-1')).toBeNull();
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('is blocked by money on the balance, with the support contacts', async () => {
    serve([
      { path: '/api/user/deletion-check', reply: check({ blocker: 'balance', balanceMinor: 500 }) },
    ]);
    await renderScreen(<DeleteAccountPage />);
    expect(await screen.findByTestId('delete-blocked-balance')).toBeTruthy();
    expect(screen.getByTestId('support-info')).toBeTruthy();
  });

  it('takes two steps, then deletes with the password and ends the session', async () => {
    const sent = serve([
      { path: '/api/user/deletion-check', reply: check({ allowed: true }) },
      { method: 'DELETE', path: '/api/user/0', reply: jsonResponse(200, { ok: true }) },
    ]);
    // The deletion's screen, and the end page it leads to, which ends the session once shown.
    function Deletion() {
      return useLocation().pathname === '/accountDeleted' ? <AccountDeletedPage /> : <DeleteAccountPage />;
    }
    const { router } = await renderScreen(<Deletion />, '/deleteAccount');
    const ui = userEvent.setup();
    const next = await screen.findByTestId('delete-next');
    expect((next as HTMLButtonElement).disabled).toBe(true);
    await ui.click(screen.getByTestId('delete-understand'));
    await ui.click(next);
    await ui.click(await screen.findByTestId('delete-confirm'));
    expect(await screen.findByText('Obligatory field')).toBeTruthy();
    await ui.type(screen.getByTestId('delete-password'), 'Secret123');
    await ui.click(screen.getByTestId('delete-confirm'));
    expect(await screen.findByTestId('account-deleted')).toBeTruthy();
    await waitFor(() => expect(getSession()).toBeNull());
    expect(router.state.location.pathname).toBe('/accountDeleted');
    expect(sent.find((r) => r.method === 'DELETE')?.body).toEqual({ password: 'Secret123' });
  });

  it('says a wrong password with the tries left and keeps the driver signed in', async () => {
    serve([
      { path: '/api/user/deletion-check', reply: check({ allowed: true }) },
      {
        method: 'DELETE',
        path: '/api/user/0',
        reply: jsonResponse(400, {
          code: 'WRONG_PASSWORD',
          message: 'Wrong password',
          details: { triesLeft: 4 },
        }),
      },
    ]);
    await renderScreen(<DeleteAccountPage />);
    const ui = userEvent.setup();
    await ui.click(await screen.findByTestId('delete-understand'));
    await ui.click(screen.getByTestId('delete-next'));
    await ui.type(await screen.findByTestId('delete-password'), 'Wrong1234');
    await ui.click(screen.getByTestId('delete-confirm'));
    expect((await screen.findByTestId('delete-error')).textContent).toBe(
      'The password is wrong. Tries left: 4',
    );
    expect(getSession()).not.toBeNull();
    expect(screen.getByTestId('delete-step-2')).toBeTruthy();
  });
});

describe('AccountDeletedPage', () => {
  it('says the account was deleted and what the law keeps', async () => {
    clearSession('logout');
    serve([]);
    await renderScreen(<AccountDeletedPage />);
    const page = await screen.findByTestId('account-deleted');
    expect(page.textContent).toMatch(/Your account has been deleted/);
    expect(page.textContent).toMatch(
      /Receipts and the history of paid sessions are kept as the law requires/,
    );
  });

  it('is open to a signed-out visitor (the guard lets it be)', () => {
    expect(
      guardRoute({
        pathname: paths.accountDeleted,
        search: '',
        isSignedIn: false,
        isKnownRoute: isKnownPath(paths.accountDeleted),
        previousPathname: paths.deleteAccount,
        language: 'en',
      }),
    ).toEqual({ action: 'allow' });
  });
});

describe('AccountWatch', () => {
  it('asks to accept a new privacy policy and records the acceptance', async () => {
    const sent = serve([
      { path: '/api/users/self', reply: jsonResponse(200, { ...user, privacyPolicyVersion: '0' }) },
      {
        method: 'PUT',
        path: '/api/user/privacy-policy',
        reply: jsonResponse(200, { ...user, privacyPolicyVersion: '1' }),
      },
    ]);
    await renderScreen(<AccountWatch />);
    await userEvent.setup().click(await screen.findByTestId('privacy-accept'));
    await waitFor(() => expect(screen.queryByTestId('privacy-dialog')).toBeNull());
    expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ version: '1' });
  });

  it('stays quiet when the accepted version is the current one', async () => {
    serve([]);
    await renderScreen(<AccountWatch />);
    await waitFor(() => expect(getSession()).not.toBeNull());
    expect(screen.queryByTestId('privacy-dialog')).toBeNull();
  });
});

describe('AccountWatch after a link’s locale (SPEC §4)', () => {
  const linkQuestion = { visitor: 'es', account: 'en', isOpen: true, via: 'link' } as const;
  /** The profile has arrived: AccountWatch has seen the account's language. */
  const selfLoaded = (client: QueryClient) =>
    waitFor(() => expect(client.getQueryState(selfQueryKey)?.status).toBe('success'));

  it('offers to save the link’s language, and saving makes it the account’s', async () => {
    const sent = serve([
      {
        method: 'PUT',
        path: '/api/user/updateLanguage/es',
        reply: jsonResponse(200, { ok: true }),
      },
    ]);
    setLanguageQuestion(linkQuestion);
    await renderScreen(<AccountWatch />);
    const notice = await screen.findByTestId('language-question');
    expect(notice.textContent).toMatch(/Save Español as your account language\?/);
    expect(screen.queryByTestId('language-question-keep')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('language-question-save'));
    await waitFor(() => expect(screen.queryByTestId('language-question')).toBeNull());
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.url.pathname)).toEqual([
      '/api/user/updateLanguage/es',
    ]);
    expect(getSession()?.Lang).toBe('es');
    expect(currentLanguageQuestion()).toBeNull();
  });

  it('“Not now” keeps the screen as the link asked and the account as it was, for the next opening too', async () => {
    const sent = serve([]);
    setLanguageQuestion(linkQuestion);
    const { client } = await renderScreen(<AccountWatch />);
    await setLanguage('es');
    await selfLoaded(client);
    await userEvent.setup().click(await screen.findByTestId('language-question-later'));
    await waitFor(() => expect(screen.queryByTestId('language-question')).toBeNull());
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
    expect(currentLanguage()).toBe('es');
    // The next opening without the link starts in the account's language.
    expect(readLanguage()).toBe('en');
  });

  it('keeps the link’s language on screen when the profile tells another account language', async () => {
    serve([]);
    setLanguageQuestion({ ...linkQuestion, account: 'ru' });
    const { client } = await renderScreen(<AccountWatch />);
    await setLanguage('es');
    await selfLoaded(client);
    await waitFor(() => expect(currentLanguageQuestion()).toEqual(linkQuestion));
    expect(currentLanguage()).toBe('es');
    expect(screen.getByTestId('language-question')).toBeTruthy();
  });
});
