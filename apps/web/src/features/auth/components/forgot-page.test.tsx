import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderScreen } from '@/test/render';
import { ForgotPage } from './forgot-page';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => vi.unstubAllGlobals());

describe('ForgotPage', () => {
  // The server answers every address alike (it does not tell who has an account), so the
  // screen cannot say a mail was sent: only that it is on its way if the account exists.
  it('says a mail is on its way only if an account has the address', { timeout: 20_000 }, async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { ok: true }));
    await renderScreen(<ForgotPage />, '/forgot');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link and code' }));

    const sent = await screen.findByTestId('forgot-sent');
    expect(sent.textContent).toBe(
      'If an account with anna@example.com exists, an e-mail with a link and a 6-digit code is on its way to it. Enter the code below, or simply follow the link in the e-mail.',
    );
    expect(screen.queryByText(/We sent/)).toBeNull();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/auth/resetPass');
    expect(JSON.parse(init!.body as string)).toMatchObject({ email: 'anna@example.com' });

    await user.click(screen.getByTestId('forgot-resend'));
    expect(await screen.findByText('If the account exists, a new e-mail is on its way.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
