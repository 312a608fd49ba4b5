import { describe, expect, it } from 'vitest';
import type { ContractResponse } from '@evcharge/api/contract';
import { confirmPhoneCode } from '@evcharge/api/phone/confirm-code';
import { getPendingPhoneCode } from '@evcharge/api/phone/pending-code';
import type { ErrorBody } from '@evcharge/domain/errors';
import { signedInUser } from '../../test/builders';
import { ageCodes, expireCode, sendCode, sentCode, smsCode, uniquePhone } from '../../test/phone';
import { withTestServer } from '../../test/hooks';
import {
  HOUR_SECONDS,
  MAX_WRONG_CODES,
  RESEND_WAIT_SECONDS,
  SENDS_PER_HOUR_PER_ACCOUNT,
} from './limits';

// GET /api/user/codePending: what the confirmation screen resumes after a reload, from the
// server's own record of when the code was sent.

const server = withTestServer();

type Pending = ContractResponse<typeof getPendingPhoneCode>;

async function pendingOf(token: string): Promise<Pending> {
  const answer = await server.call<Pending & ErrorBody>(getPendingPhoneCode, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const confirm = (token: string, code: string) =>
  server.call<ErrorBody>(confirmPhoneCode, { token, body: { code } });

describe('the pending phone confirmation', () => {
  it('is nothing before a code was sent, and a new code may be asked now', async () => {
    const who = await signedInUser(server);
    expect(await pendingOf(who.token)).toEqual({ pending: null, resendAfterSeconds: 0 });
  });

  it('is the code just sent, with its expiry and the resend wait counting down from the send', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    const sent = await sentCode(server, who.token, phone, 'call');
    const pending = await pendingOf(who.token);
    expect(pending.pending).toEqual({
      verificationId: sent.verificationId,
      method: 'call',
      phone,
      codeLength: 4,
      expiresAt: sent.expiresAt,
    });
    expect(pending.resendAfterSeconds).toBeGreaterThan(RESEND_WAIT_SECONDS - 5);
    expect(pending.resendAfterSeconds).toBeLessThanOrEqual(RESEND_WAIT_SECONDS);
    // 40 s later the wait is 20 s, as codeSend would answer it (not a fresh 60 s).
    await ageCodes(server, { userId: who.id }, 40);
    const later = await pendingOf(who.token);
    expect(later.resendAfterSeconds).toBeGreaterThan(RESEND_WAIT_SECONDS - 45);
    expect(later.resendAfterSeconds).toBeLessThanOrEqual(RESEND_WAIT_SECONDS - 40);
    const early = await sendCode(server, who.token, phone);
    expect(early.status).toBe(429);
    expect(Number(early.body.details?.retryAfterSeconds)).toBeLessThanOrEqual(
      later.resendAfterSeconds,
    );
    expect(later.pending?.verificationId).toBe(sent.verificationId);
  });

  it('gives a QR code’s verification without its text (the code is not kept)', async () => {
    const who = await signedInUser(server);
    const sent = await sentCode(server, who.token, uniquePhone(), 'qr');
    const { pending } = await pendingOf(who.token);
    expect(pending).toMatchObject({ verificationId: sent.verificationId, method: 'qr' });
    expect(sent.qr).toBeDefined();
    expect(Object.keys(pending ?? {}).sort()).toEqual([
      'codeLength',
      'expiresAt',
      'method',
      'phone',
      'verificationId',
    ]);
  });

  it('is only the newest code: a second send voids the first', async () => {
    const who = await signedInUser(server);
    const phone = uniquePhone();
    await sentCode(server, who.token, phone);
    await ageCodes(server, { userId: who.id }, RESEND_WAIT_SECONDS);
    const second = await sentCode(server, who.token, phone, 'sms');
    expect((await pendingOf(who.token)).pending?.verificationId).toBe(second.verificationId);
  });

  it('ends once the code is used, expired or out of tries; the resend wait still holds', async () => {
    const used = await signedInUser(server);
    const usedPhone = uniquePhone();
    await sentCode(server, used.token, usedPhone);
    expect((await confirm(used.token, await smsCode(server, usedPhone))).status).toBe(200);
    const afterUse = await pendingOf(used.token);
    expect(afterUse.pending).toBeNull();
    expect(afterUse.resendAfterSeconds).toBeGreaterThan(0);

    const expired = await signedInUser(server);
    const sent = await sentCode(server, expired.token, uniquePhone());
    await expireCode(server, sent.verificationId);
    expect((await pendingOf(expired.token)).pending).toBeNull();

    const guessed = await signedInUser(server);
    const guessedPhone = uniquePhone();
    await sentCode(server, guessed.token, guessedPhone);
    const code = await smsCode(server, guessedPhone);
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    for (let i = 0; i < MAX_WRONG_CODES; i += 1) await confirm(guessed.token, wrong);
    expect((await pendingOf(guessed.token)).pending).toBeNull();
  });

  it('says the hourly cap’s wait once the account has sent its codes of the hour', async () => {
    const who = await signedInUser(server);
    for (let i = 0; i < SENDS_PER_HOUR_PER_ACCOUNT; i += 1) {
      await sentCode(server, who.token, uniquePhone());
      // 10 minutes between sends: past the resend wait, within the hour.
      await ageCodes(server, { userId: who.id }, 600);
    }
    const { resendAfterSeconds } = await pendingOf(who.token);
    // The oldest of the five was sent 50 minutes ago: it leaves the hour in 10.
    expect(resendAfterSeconds).toBeGreaterThan(HOUR_SECONDS - 3000 - 10);
    expect(resendAfterSeconds).toBeLessThanOrEqual(HOUR_SECONDS - 3000);
    const refused = await sendCode(server, who.token, uniquePhone());
    expect(refused.status).toBe(429);
  });

  it('belongs to the signed-in driver only', async () => {
    const owner = await signedInUser(server);
    await sentCode(server, owner.token, uniquePhone());
    const other = await signedInUser(server);
    expect((await pendingOf(other.token)).pending).toBeNull();
    const anonymous = await server.call<ErrorBody>(getPendingPhoneCode, {});
    expect(anonymous.status).toBe(401);
  });
});
