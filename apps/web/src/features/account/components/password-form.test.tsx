import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { jsonResponse, renderScreen } from '@/test/render';
import { PasswordForm } from './password-form';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  startSession(buildClient());
});

afterEach(() => vi.unstubAllGlobals());

function fill(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe('PasswordForm', () => {
  it('shows the server refusing a common password under the new password', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, {
      code: 'VALIDATION_FAILED', message: 'x', fields: [{ path: 'NewPassword', rule: 'passwordCommon' }],
    }));
    await renderScreen(<PasswordForm userId="u1" />);
    fill('Current password', 'Secret123');
    fill('New password', 'Password1');
    fill('Repeat the new password', 'Password1');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect(await screen.findByText('This password is among the most common ones: choose another', {}, { timeout: 10_000 }))
      .toBeTruthy();
  }, 30_000);

  it('shows the tries left after a wrong current password', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, {
      code: 'PASSWORD_CHANGE_FAILED', message: 'x', details: { triesLeft: 2 },
    }));
    await renderScreen(<PasswordForm userId="u1" />);
    fill('Current password', 'Wrong1234');
    fill('New password', 'Kettle42Moon');
    fill('Repeat the new password', 'Kettle42Moon');
    fireEvent.click(screen.getByTestId('password-submit'));
    expect((await screen.findByTestId('password-error', {}, { timeout: 10_000 })).textContent).toContain('Tries left: 2');
  }, 30_000);
});
