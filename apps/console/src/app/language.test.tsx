import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyLocaleParam, initI18n, LANGUAGE_KEY, settleLanguageAtSignIn } from '../lib/i18n';
import { CONSOLE_SESSION_KEY, reloadSession } from '../lib/session';
import { heldUntilAborted, jsonResponse, routeFetch } from '../test/fetch';
import { App } from './app';

// SPEC §4 query parameter `locale` in the staff console, as in the driver app: it picks the
// language of the sign-in page and of the signed-in console; otherwise the sign-in brings the
// staff account's language.

function serve(accountLanguage: string) {
  const server = routeFetch([
    {
      method: 'POST',
      path: '/auth/v2/signin',
      reply: jsonResponse(200, {
        accessToken: 'staff-token',
        CurrencyCode: 'RUB',
        Lang: accountLanguage,
        user: { id: 'u' },
      }),
    },
    { method: 'POST', path: '/auth/logout', reply: jsonResponse(200, { ok: true }) },
    {
      path: '/api/admin/self',
      reply: jsonResponse(200, {
        id: 's-1',
        name: 'Olga',
        email: 'olga@evcharge.demo',
        role: 'support',
      }),
    },
    { path: '/api/brand', reply: jsonResponse(200, { title: 'evcharge' }) },
    {
      path: '/api/admin/support/conversations',
      reply: jsonResponse(200, { items: [], total: 0, waiting: 0, cursor: 0 }),
    },
    { path: /^\/api\/admin\/support\/subscribe\//, reply: heldUntilAborted },
  ]);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(screen.getByTestId('console-email'), 'support@evcharge.demo');
  await user.type(screen.getByTestId('console-password'), 'Support1234');
  await user.click(screen.getByTestId('console-signin'));
  return user;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  // No choice left over for the next test's sign-in; English again, as the other tests read.
  await settleLanguageAtSignIn('en');
  await initI18n('en');
});

describe('the console’s language', () => {
  it('follows ?locale= on the sign-in page and keeps it after the sign-in, whatever the account’s', async () => {
    serve('ru');
    await applyLocaleParam('?locale=es-ES');
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Consola del personal');
    expect(document.documentElement.lang).toBe('es');
    await signIn();
    expect((await screen.findByTestId('console-staff-role')).textContent).toBe('Agente de soporte');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('es');
  });

  it('takes the staff account’s language at the sign-in when none was chosen on the page', async () => {
    serve('ru');
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Staff console');
    await signIn();
    expect((await screen.findByTestId('console-staff-role')).textContent).toBe(
      'Сотрудник поддержки',
    );
    expect(document.documentElement.lang).toBe('ru');
    expect(window.localStorage.getItem(LANGUAGE_KEY)).toBe('ru');
  });

  it('uses a choice up at the sign-in: the next sign-in brings that account’s language', async () => {
    serve('ru');
    await applyLocaleParam('?locale=es');
    await settleLanguageAtSignIn('ru');
    expect(document.documentElement.lang).toBe('es');
    await settleLanguageAtSignIn('kz');
    expect(document.documentElement.lang).toBe('kk');
  });

  it('follows ?locale= in a signed-in console', async () => {
    serve('ru');
    window.localStorage.setItem(
      CONSOLE_SESSION_KEY,
      JSON.stringify({ accessToken: 'staff-token' }),
    );
    reloadSession();
    await applyLocaleParam('?locale=kz');
    render(<App />);
    expect((await screen.findByTestId('console-staff-role')).textContent).toBe('Қолдау қызметкері');
  });

  it('ignores a locale it does not speak', async () => {
    expect(applyLocaleParam('?locale=fr')).toBeNull();
    expect(applyLocaleParam('')).toBeNull();
    serve('en');
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Staff console');
  });
});
