import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, getSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { RegisterPage } from './register-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
});

afterEach(() => vi.unstubAllGlobals());

async function fill(user: ReturnType<typeof userEvent.setup>, password: string, repeat: string) {
  await user.type(screen.getByLabelText('Name'), 'Anna');
  await user.type(screen.getByLabelText('E-mail'), 'Anna@Example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Repeat password'), repeat);
}

describe('RegisterPage', () => {
  it('explains every rule in words and asks for the terms', async () => {
    await renderScreen(<RegisterPage />, '/register');
    const user = userEvent.setup();
    await fill(user, 'weakpass', 'other');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Use upper- and lower-case letters and digits')).toBeTruthy();
    expect(screen.getByText('Accept the terms to continue')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms of use' }).getAttribute('href')).toBe('/termsofuse');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacypolicy');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('registers, signs in and says a confirmation link was mailed', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, buildClient('new-token')));
    await renderScreen(<RegisterPage />, '/register');
    const user = userEvent.setup();
    await fill(user, 'Secret12', 'Secret12');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const done = await screen.findByTestId('register-done');
    expect(done.textContent).toContain('We sent a confirmation link to anna@example.com');
    await waitFor(() => expect(getSession()?.accessToken).toBe('new-token'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/auth/clientsignup');
    expect(JSON.parse(init!.body as string)).toMatchObject({ email: 'anna@example.com', termsAccepted: true, Lang: 'en' });
  });

  it('shows a taken e-mail with a way to sign in', async () => {
    fetchMock.mockResolvedValue(jsonResponse(409, { code: 'EMAIL_TAKEN', message: 'taken' }));
    await renderScreen(<RegisterPage />, '/register');
    const user = userEvent.setup();
    await fill(user, 'Secret12', 'Secret12');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toContain('An account with this e-mail already exists.');
    expect(screen.getByRole('link', { name: 'Sign in instead' }).getAttribute('href')).toBe('/login');
  });
});
