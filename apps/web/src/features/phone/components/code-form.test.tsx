import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { clearSession, getSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { CodeForm } from './code-form';
import type { SentCode } from './sent-code';

const sent: SentCode = {
  verificationId: '0b7c6a4e-2f1d-4c3b-9a8e-7d6c5b4a3f21',
  method: 'sms',
  phone: '+79990000000',
  codeLength: 4,
  expiresAt: '2030-01-01T10:05:00.000Z',
  resendAfterSeconds: 60,
  resendAt: Date.now() + 60_000,
};

const confirmed = buildClient('token', { isPhoneConfirmed: true }).user;

function serve(reply: FetchRoute['reply']) {
  const fetch = routeFetch([{ method: 'POST', path: '/api/user/codeConf', reply }]);
  vi.stubGlobal('fetch', fetch.fetch);
  return fetch.sent;
}

async function renderForm(patch: Partial<SentCode> = {}) {
  const onConfirmed = vi.fn();
  const onResend = vi.fn();
  const view = await renderScreen(
    <CodeForm
      sent={{ ...sent, ...patch }}
      isResending={false}
      resendError={null}
      onResend={onResend}
      onChange={() => {}}
      onConfirmed={onConfirmed}
    />,
  );
  return { ...view, onConfirmed, onResend };
}

async function typeCode(code: string) {
  const user = userEvent.setup();
  const input = screen.getByLabelText('Code from the SMS');
  await user.clear(input);
  await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Confirm' }));
}

beforeEach(() => {
  clearSession();
  startSession(buildClient());
});

afterEach(() => vi.unstubAllGlobals());

describe('CodeForm', () => {
  it('asks for a one-time code on the numeric keyboard', async () => {
    serve(jsonResponse(500, {}));
    await renderForm();
    expect(
      screen.getByText('We sent an SMS with a 4-digit code to +7 999 000 00-00.'),
    ).toBeTruthy();
    const input = screen.getByLabelText('Code from the SMS');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('maxlength')).toBe('4');
  });

  it('checks the 4 digits before sending anything', async () => {
    const requests = serve(jsonResponse(500, {}));
    await renderForm();
    await typeCode('12');
    expect(await screen.findByText('Enter the 4 digits')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('says how many tries are left after a wrong code and clears it', async () => {
    const requests = serve(
      jsonResponse(400, {
        code: 'WRONG_CODE',
        message: 'Wrong code',
        details: { attemptsLeft: 3 },
      }),
    );
    await renderForm();
    await typeCode('1111');
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong code. Tries left: 3.');
    expect((screen.getByLabelText('Code from the SMS') as HTMLInputElement).value).toBe('');
    expect(requests[0]?.body).toEqual({ code: '1111', verificationId: sent.verificationId });
  });

  it('after the last wrong try asks for a new code and stops taking this one', async () => {
    serve(
      jsonResponse(400, {
        code: 'WRONG_CODE',
        message: 'Wrong code',
        details: { attemptsLeft: 0 },
      }),
    );
    await renderForm();
    await typeCode('1111');
    expect((await screen.findByRole('alert')).textContent).toContain('that was the last try');
    expect((screen.getByRole('button', { name: 'Confirm' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it.each([
    [
      { code: 'LINK_INVALID', message: 'x' },
      400,
      'This code has expired or has already been used. Ask for a new one.',
    ],
    [
      { code: 'TOO_MANY_REQUESTS', message: 'x', details: { retryAfterSeconds: 125 } },
      429,
      'Too many requests. Please wait a moment. Try again in 3 min.',
    ],
    [
      { code: 'TOO_MANY_REQUESTS', message: 'x', details: { retryAfterSeconds: 40 } },
      429,
      'Too many requests. Please wait a moment. Try again in 40 s.',
    ],
  ])('tells %j in words', async (body, status, text) => {
    serve(jsonResponse(status, body));
    await renderForm();
    await typeCode('1234');
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('confirms and keeps the confirmed user', async () => {
    serve(jsonResponse(200, { ok: true, user: confirmed }));
    const { onConfirmed, client } = await renderForm();
    await typeCode('4821');
    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith(confirmed));
    expect(getSession()?.user.isPhoneConfirmed).toBe(true);
    expect(client.getQueryData(['user', 'self'])).toEqual(confirmed);
  });

  it('asks for the calling number’s last 4 digits after a call', async () => {
    serve(jsonResponse(500, {}));
    await renderForm({ method: 'call' });
    expect(screen.getByLabelText('Last 4 digits of the calling number')).toBeTruthy();
    expect(screen.getByText(/We are calling \+7 999 000 00-00/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /New code in (1:00|0:[0-5][0-9])/ })).toBeTruthy();
  });

  it('offers a new code once the wait is over', async () => {
    serve(jsonResponse(500, {}));
    const { onResend } = await renderForm({ resendAt: Date.now() - 1 });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(onResend).toHaveBeenCalled();
  });
});
