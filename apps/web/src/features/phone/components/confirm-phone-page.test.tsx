import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SendPhoneCodeResult } from '@evcharge/api/phone/send-code';
import { clearSession, getSession, startSession } from '@/lib/session';
import { buildClient } from '@/test/builders';
import { routeFetch, type FetchRoute } from '@/test/fetch-routes';
import { jsonResponse, renderScreen } from '@/test/render';
import { ConfirmPhonePage } from './confirm-phone-page';

const client = buildClient();
const confirmedUser = { ...client.user, isPhoneConfirmed: true };

function sentAnswer(patch: Partial<SendPhoneCodeResult> = {}): SendPhoneCodeResult {
  return {
    verificationId: '0b7c6a4e-2f1d-4c3b-9a8e-7d6c5b4a3f21',
    method: 'sms',
    phone: '+79990000000',
    codeLength: 4,
    expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
    resendAfterSeconds: 60,
    ...patch,
  };
}

function serve(routes: FetchRoute[], pending: unknown = { pending: null, resendAfterSeconds: 0 }) {
  const fetch = routeFetch([
    { path: '/api/users/self', reply: jsonResponse(200, client.user) },
    { path: '/api/user/codePending', reply: jsonResponse(200, pending) },
    ...routes,
  ]);
  vi.stubGlobal('fetch', fetch.fetch);
  return fetch.sent;
}

beforeEach(() => {
  clearSession();
  startSession(client);
});

afterEach(() => vi.unstubAllGlobals());

describe('ConfirmPhonePage', () => {
  it('starts with the user’s phone, the allowed prefixes and the chosen way explained', async () => {
    serve([]);
    await renderScreen(<ConfirmPhonePage />);
    const phone = (await screen.findByLabelText('Phone number')) as HTMLInputElement;
    expect(phone.value).toBe('+79990000000');
    expect(phone.type).toBe('tel');
    expect(screen.getByText('With the country code: +7, +994, +998')).toBeTruthy();
    expect(screen.getByTestId('phone-method-hint').textContent).toContain('4-digit code');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Call' }));
    expect(screen.getByTestId('phone-method-hint').textContent).toBe(
      'We call you; no need to answer. Enter the last 4 digits of the number that called.',
    );
    expect(screen.getByRole('button', { name: 'Call me' })).toBeTruthy();
  });

  it('refuses a number of another country before asking the server', async () => {
    const sent = serve([]);
    await renderScreen(<ConfirmPhonePage />);
    const user = userEvent.setup();
    const phone = await screen.findByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '+1 202 555 0143');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText(/Enter a phone number with the country code/)).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('shows the server’s refusal: the phone belongs to another account', async () => {
    serve([
      {
        method: 'POST',
        path: '/api/user/codeSend',
        reply: jsonResponse(409, { code: 'PHONE_TAKEN', message: 'x' }),
      },
    ]);
    await renderScreen(<ConfirmPhonePage />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send the code' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'confirmed by another account',
    );
  });

  it('sends an SMS, takes the code and ends with the way back to the profile', async () => {
    const sent = serve([
      { method: 'POST', path: '/api/user/codeSend', reply: jsonResponse(200, sentAnswer()) },
      {
        method: 'POST',
        path: '/api/user/codeConf',
        reply: jsonResponse(200, { ok: true, user: confirmedUser }),
      },
    ]);
    await renderScreen(<ConfirmPhonePage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send the code' }));
    await user.type(await screen.findByLabelText('Code from the SMS'), '4821');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Phone confirmed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the profile' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(sent.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.body])).toEqual([
      ['/api/user/codeSend', { phone: '+79990000000', method: 'sms' }],
      [
        '/api/user/codeConf',
        { code: '4821', verificationId: '0b7c6a4e-2f1d-4c3b-9a8e-7d6c5b4a3f21' },
      ],
    ]);
    expect(getSession()?.user.isPhoneConfirmed).toBe(true);
  });

  it('shows the QR code and waits for the phone’s SMS until checkCode says confirmed', async () => {
    const qr = {
      to: '+79000000100',
      text: 'evcharge phone confirmation: 4821',
      uri: 'sms:+79000000100?body=evcharge%20phone%20confirmation%3A%204821',
    };
    let checks = 0;
    serve([
      {
        method: 'POST',
        path: '/api/user/codeSend',
        reply: jsonResponse(200, sentAnswer({ method: 'qr', qr })),
      },
      {
        method: 'POST',
        path: '/api/user/checkCode',
        reply: () => {
          checks += 1;
          return jsonResponse(
            200,
            checks === 1
              ? { status: 'pending', user: null }
              : { status: 'confirmed', user: confirmedUser },
          );
        },
      },
    ]);
    await renderScreen(<ConfirmPhonePage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'QR code' }));
    await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
    expect(
      await screen.findByRole('img', {
        name: 'QR code: an SMS with the code to +7\u00a0900\u00a0000\u00a001-00',
      }),
    ).toBeTruthy();
    expect(screen.getByTestId('phone-qr-text').textContent).toBe(qr.text);
    expect(screen.getByTestId('phone-qr-open').getAttribute('href')).toBe(qr.uri);
    expect(await screen.findByText('Waiting for the SMS…')).toBeTruthy();
    expect(await screen.findByText('Phone confirmed', {}, { timeout: 5_000 })).toBeTruthy();
    expect(checks).toBe(2);
    await waitFor(() => expect(getSession()?.user.isPhoneConfirmed).toBe(true));
  });

  it('says when a QR code has expired', async () => {
    const qr = { to: '+79000000100', text: 'x 4821', uri: 'sms:+79000000100?body=x%204821' };
    serve([
      {
        method: 'POST',
        path: '/api/user/codeSend',
        reply: jsonResponse(200, sentAnswer({ method: 'qr', qr })),
      },
      {
        method: 'POST',
        path: '/api/user/checkCode',
        reply: jsonResponse(200, { status: 'expired', user: null }),
      },
    ]);
    await renderScreen(<ConfirmPhonePage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'QR code' }));
    await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
    expect(await screen.findByText('The QR code has expired. Ask for a new one.')).toBeTruthy();
  });

  describe('after a reload', () => {
    const qr = { to: '+79000000100', text: 'x 4821', uri: 'sms:+79000000100?body=x%204821' };
    const pendingOf = (method: 'sms' | 'call' | 'qr', resendAfterSeconds = 42) => {
      const { verificationId, phone, codeLength, expiresAt } = sentAnswer();
      return {
        pending: { verificationId, method, phone, codeLength, expiresAt },
        resendAfterSeconds,
      };
    };

    it('resumes the code the server still waits for, with its countdown, and confirms it', async () => {
      const sent = serve(
        [
          {
            method: 'POST',
            path: '/api/user/codeConf',
            reply: jsonResponse(200, { ok: true, user: confirmedUser }),
          },
        ],
        pendingOf('call'),
      );
      await renderScreen(<ConfirmPhonePage />);
      expect((await screen.findByTestId('phone-code-form')).textContent).toContain(
        'We are calling',
      );
      const resend = screen.getByTestId('phone-resend') as HTMLButtonElement;
      expect(resend.textContent).toBe('New code in 0:42');
      expect(resend.disabled).toBe(true);
      const user = userEvent.setup();
      await user.type(screen.getByLabelText('Last 4 digits of the calling number'), '4821');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Phone confirmed')).toBeTruthy();
      expect(sent.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
        { code: '4821', verificationId: sentAnswer().verificationId },
      ]);
    });

    it('shows the QR code again from this tab, where it was kept', async () => {
      serve([]);
      await renderScreen(<ConfirmPhonePage />);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('radio', { name: 'QR code' }));
      // Sent: the server now has it pending; a reload reads that.
      serve(
        [
          {
            method: 'POST',
            path: '/api/user/codeSend',
            reply: jsonResponse(200, sentAnswer({ method: 'qr', qr })),
          },
          {
            method: 'POST',
            path: '/api/user/checkCode',
            reply: jsonResponse(200, { status: 'pending', user: null }),
          },
        ],
        pendingOf('qr'),
      );
      await user.click(screen.getByRole('button', { name: 'Show the QR code' }));
      expect(await screen.findByTestId('phone-qr')).toBeTruthy();
      cleanup();

      await renderScreen(<ConfirmPhonePage />);
      expect((await screen.findByTestId('phone-qr-text')).textContent).toBe(qr.text);
      expect(screen.getByTestId('phone-resend').textContent).toBe('New code in 0:42');
    });

    it('holds the send back with the server’s countdown when a QR code was not kept here', async () => {
      const sent = serve([], pendingOf('qr', 75));
      await renderScreen(<ConfirmPhonePage />);
      const button = (await screen.findByTestId('phone-send')) as HTMLButtonElement;
      expect(button.textContent).toBe('New code in 1:15');
      expect(button.disabled).toBe(true);
      expect(screen.queryByTestId('phone-qr')).toBeNull();
      expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
    });

    it('holds the send back while the server’s wait lasts, also with no code pending', async () => {
      serve([], { pending: null, resendAfterSeconds: 9 });
      await renderScreen(<ConfirmPhonePage />);
      const button = (await screen.findByTestId('phone-send')) as HTMLButtonElement;
      expect(button.textContent).toBe('New code in 0:09');
      expect(button.disabled).toBe(true);
    });
  });

  it('keeps the countdown on the way back to the phone and the method', async () => {
    serve([{ method: 'POST', path: '/api/user/codeSend', reply: jsonResponse(200, sentAnswer()) }]);
    await renderScreen(<ConfirmPhonePage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send the code' }));
    await user.click(await screen.findByTestId('phone-change'));
    const button = (await screen.findByTestId('phone-send')) as HTMLButtonElement;
    expect(button.textContent).toMatch(/^New code in 0:(59|60)|1:00$/);
    expect(button.disabled).toBe(true);
    expect((screen.getByLabelText('Phone number') as HTMLInputElement).value).toBe('+79990000000');
  });
});
