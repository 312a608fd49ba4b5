import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, getSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { LoginForm } from './login-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
});

afterEach(() => vi.unstubAllGlobals());

async function fillAndSubmit(login: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('E-mail'), login);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('shows translated validation errors and sends nothing', async () => {
    await renderScreen(<LoginForm onSignedIn={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Obligatory field')).toHaveLength(2);
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the tries left from the server', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, {
      code: 'INVALID_CREDENTIALS', message: 'Invalid login or password', details: { triesLeft: 3 },
    }));
    await renderScreen(<LoginForm onSignedIn={() => {}} />);
    await fillAndSubmit('anna@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid login or password. Tries left: 3');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/auth/v2/signin');
    expect(JSON.parse(init!.body as string)).toEqual({ login: 'anna@example.com', password: 'wrong', userType: 2 });
  });

  it('offers a new password when the account is blocked', async () => {
    fetchMock.mockResolvedValue(jsonResponse(423, { code: 'ACCOUNT_BLOCKED', message: 'blocked' }));
    await renderScreen(<LoginForm onSignedIn={() => {}} />);
    await fillAndSubmit('anna@example.com', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The account is blocked');
    expect(screen.getByRole('link', { name: 'Set a new password' }).getAttribute('href')).toBe('/forgot');
  });

  it('maps server field errors onto the fields', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, {
      code: 'VALIDATION_FAILED', message: 'x', fields: [{ path: 'password', rule: 'tooLong' }],
    }));
    await renderScreen(<LoginForm onSignedIn={() => {}} />);
    await fillAndSubmit('anna@example.com', 'x');
    expect(await screen.findByText('The text is too long')).toBeTruthy();
  });

  it('rejects an empty result as a login error and stays signed out', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await renderScreen(<LoginForm onSignedIn={() => {}} />);
    await fillAndSubmit('anna@example.com', 'Secret1');
    expect((await screen.findByRole('alert')).textContent).toContain('Sign-in failed');
    expect(getSession()).toBeNull();
  });

  it('stores the session and reports success', async () => {
    const onSignedIn = vi.fn();
    fetchMock.mockResolvedValue(jsonResponse(200, { ...buildClient('fresh'), CurrencyCode: 'eur' }));
    await renderScreen(<LoginForm onSignedIn={onSignedIn} />);
    await fillAndSubmit('anna@example.com', 'Secret1');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(JSON.parse(localStorage.getItem('client')!).accessToken).toBe('fresh');
    expect(localStorage.getItem('CurrencyCode')).toBe('eur');
    expect(localStorage.getItem('Lang')).toBe('en');
  });
});
