import { randomInt } from 'node:crypto';
import type { User } from '@evcharge/api/common';
import type {
  PhoneConfirmMethod,
  PhoneVerificationStatus,
} from '@evcharge/api/phone/phone-schemas';
import type { PendingPhoneCode } from '@evcharge/api/phone/pending-code';
import type { SendPhoneCodeResult } from '@evcharge/api/phone/send-code';
import { isCountry, PHONE_CODE_LENGTH } from '@evcharge/domain/constants';
import { AppError } from '@evcharge/domain/errors';
import { normalisePhone, phoneCountriesFor } from '@evcharge/domain/phone';
import { rule } from '@evcharge/domain/validation';
import type { Brand } from '@evcharge/api/brand/get-brand';
import { brandOfAccount } from '../../brand/brands';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/errors';
import { sha256, type UserRow } from '../../plugins/auth';
import { userView } from '../users';
import { callerNumber, demoInboundNumber } from './caller-number';
import {
  CODE_VALID_MINUTES,
  HOUR_SECONDS,
  MAX_WRONG_CODES,
  QR_VALID_MINUTES,
  SENDS_PER_HOUR_PER_ACCOUNT,
  SENDS_PER_HOUR_PER_PHONE,
  sendWaitSeconds,
  wrongCodeWaitSeconds,
} from './limits';
import * as repo from './repo';
import { phoneTexts } from './texts';

export function phoneCodeHash(userId: string, phone: string, code: string): string {
  return sha256(`phone:${userId}:${phone}:${code}`);
}

function newCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
}

function tooManyRequests(retryAfterSeconds: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', {
    details: { retryAfterSeconds: Math.max(1, retryAfterSeconds) },
  });
}

function brandCountry(brand: Pick<Brand, 'country'>) {
  const { country } = brand;
  if (!isCountry(country)) throw new Error(`brand country ${country} has no phone numbering`);
  return country;
}

/** SPEC §3: RU +7, AZ +994, UZ +998 and the brand's country; anything else is rule `phone`. */
export function allowedPhone(deps: Deps, phone: string): string {
  const normalised = normalisePhone(phone, phoneCountriesFor(brandCountry(deps.brand)));
  if (!normalised) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'phone', rule: rule.phone }] });
  }
  return normalised;
}

export function inboundNumber(deps: Deps, brand: Pick<Brand, 'country'> = deps.brand): string {
  return deps.config.sms.inboundNumber ?? demoInboundNumber(brandCountry(brand));
}

/**
 * Checks the caps and stores a new code, in one transaction with the account's row and the
 * phone locked: parallel sends cannot slip past the limits. Earlier live codes expire.
 */
async function storeCode(
  deps: Deps,
  user: UserRow,
  phone: string,
  method: PhoneConfirmMethod,
  code: string,
) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.lockUser(tx, user.id))) throw new AppError('UNAUTHORIZED');
    await repo.lockPhone(tx, phone);
    const accountAges = await repo.sendAges(tx, { userId: user.id }, HOUR_SECONDS);
    const phoneAges = await repo.sendAges(tx, { phone }, HOUR_SECONDS);
    const wait = Math.max(
      sendWaitSeconds(accountAges, SENDS_PER_HOUR_PER_ACCOUNT),
      sendWaitSeconds(phoneAges, SENDS_PER_HOUR_PER_PHONE),
    );
    if (wait > 0) throw tooManyRequests(wait);
    if (await repo.isConfirmedElsewhere(tx, phone, user.id)) throw new AppError('PHONE_TAKEN');
    await repo.expireLiveCodes(tx, user.id);
    const row = await repo.insertVerification(tx, {
      userId: user.id,
      phone,
      channel: method,
      codeHash: phoneCodeHash(user.id, phone, code),
      validMinutes: method === 'qr' ? QR_VALID_MINUTES : CODE_VALID_MINUTES,
    });
    // The wait before the next code, counting this one.
    const resendAfterSeconds = Math.max(
      sendWaitSeconds([0, ...accountAges], SENDS_PER_HOUR_PER_ACCOUNT),
      sendWaitSeconds([0, ...phoneAges], SENDS_PER_HOUR_PER_PHONE),
    );
    return { ...row, resendAfterSeconds };
  });
}

/** SPEC §7 codeSend: a 4-digit code by SMS, a call from a number ending in it, or a QR code. */
export async function sendCode(
  deps: Deps,
  user: UserRow,
  input: { phone: string; method: PhoneConfirmMethod },
): Promise<SendPhoneCodeResult> {
  const phone = allowedPhone(deps, input.phone);
  const code = newCode();
  const stored = await storeCode(deps, user, phone, input.method, code);
  const texts = phoneTexts(user.lang);
  // The texts name the brand of the driver's account, and the call comes from its country.
  const brand = brandOfAccount(user, deps.brand);
  const result: SendPhoneCodeResult = {
    verificationId: stored.id,
    method: input.method,
    phone,
    codeLength: PHONE_CODE_LENGTH,
    expiresAt: stored.expiresAt.toISOString(),
    resendAfterSeconds: stored.resendAfterSeconds,
  };
  // Sent after the commit: the outbox writes with `db`, which a PGlite transaction would block.
  if (input.method === 'sms') {
    await deps.phoneMessenger.sendSms({ to: phone, text: texts.sms(brand.title, code) });
  } else if (input.method === 'call') {
    const from = callerNumber(brandCountry(brand), code);
    await deps.phoneMessenger.call({ to: phone, from, text: texts.call(from) });
  } else {
    // Nothing is sent: the phone sends us the code, which proves it is in the user's hands.
    const to = inboundNumber(deps, brand);
    const text = texts.qr(brand.title, code);
    result.qr = { uri: `sms:${to}?body=${encodeURIComponent(text)}`, to, text };
  }
  return result;
}

/**
 * Uses the verification and gives its phone to the account, confirmed, in one transaction.
 * Another account confirming the same phone at the same moment loses on the unique index.
 */
export async function confirmVerification(
  deps: Deps,
  verification: Pick<repo.Verification, 'id' | 'userId' | 'phone'>,
): Promise<UserRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      if (!(await repo.consumeVerification(tx, verification.id))) {
        throw new AppError('LINK_INVALID');
      }
      if (await repo.isConfirmedElsewhere(tx, verification.phone, verification.userId)) {
        throw new AppError('PHONE_TAKEN');
      }
      const user = await repo.setConfirmedPhone(tx, verification.userId, verification.phone);
      if (!user) throw new AppError('UNAUTHORIZED');
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PHONE_TAKEN');
    throw error;
  }
}

async function verificationToCheck(deps: Deps, userId: string, id: string | undefined) {
  const row = id
    ? await repo.findVerification(deps.db, userId, id)
    : await repo.findLatestVerification(deps.db, userId);
  if (!row) throw new AppError(id ? 'NOT_FOUND' : 'LINK_INVALID');
  // A QR code is shown on screen: typing it would prove nothing about the phone.
  if (row.channel === 'qr') throw new AppError('LINK_INVALID');
  return row;
}

/**
 * SPEC §7 codeConf. Wrong: WRONG_CODE with `attemptsLeft`; the fifth wrong code kills the
 * code, and from then on, as for a used or expired one, the answer is LINK_INVALID (send a
 * new one). More than WRONG_CODES_PER_HOUR_PER_ACCOUNT wrong codes in an hour, over all the
 * account's codes: TOO_MANY_REQUESTS with `retryAfterSeconds`, whatever the code.
 */
export async function confirmCode(
  deps: Deps,
  user: UserRow,
  input: { code: string; verificationId?: string | undefined },
): Promise<User> {
  const wait = wrongCodeWaitSeconds(await repo.wrongCodesOf(deps.db, user.id, HOUR_SECONDS));
  if (wait > 0) throw tooManyRequests(wait);
  const row = await verificationToCheck(deps, user.id, input.verificationId);
  const hash = phoneCodeHash(user.id, row.phone, input.code);
  const attempt = await repo.tryCode(deps.db, row.id, hash, MAX_WRONG_CODES);
  if (!attempt) throw new AppError('LINK_INVALID');
  if (!attempt.isRight) {
    throw new AppError('WRONG_CODE', {
      details: { attemptsLeft: Math.max(0, MAX_WRONG_CODES - attempt.failedAttempts) },
    });
  }
  return userView(deps.db, await confirmVerification(deps, row));
}

/** SPEC §7 checkCode: where one of the caller's verifications stands (the QR screen polls). */
export async function checkCode(
  deps: Deps,
  user: UserRow,
  verificationId: string,
): Promise<{ status: PhoneVerificationStatus; user: User | null }> {
  const row = await repo.findVerification(deps.db, user.id, verificationId);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.usedAt) return { status: 'confirmed', user: await userView(deps.db, user) };
  const isDead = row.isExpired || row.failedAttempts >= MAX_WRONG_CODES;
  return { status: isDead ? 'expired' : 'pending', user: null };
}

/**
 * The confirmation a reload resumes: the newest code while it can still confirm, and the wait
 * before codeSend takes another, counted as codeSend counts it (the account's and the pending
 * phone's sends of the hour). A new code voids the older ones, so the newest is the only one.
 */
export async function pendingCode(
  deps: Deps,
  user: UserRow,
): Promise<{ pending: PendingPhoneCode | null; resendAfterSeconds: number }> {
  const latest = await repo.findLatestVerification(deps.db, user.id);
  const accountAges = await repo.sendAges(deps.db, { userId: user.id }, HOUR_SECONDS);
  const phoneAges = latest
    ? await repo.sendAges(deps.db, { phone: latest.phone }, HOUR_SECONDS)
    : [];
  const resendAfterSeconds = Math.max(
    sendWaitSeconds(accountAges, SENDS_PER_HOUR_PER_ACCOUNT),
    sendWaitSeconds(phoneAges, SENDS_PER_HOUR_PER_PHONE),
  );
  const isLive =
    latest && !latest.usedAt && !latest.isExpired && latest.failedAttempts < MAX_WRONG_CODES;
  if (!latest || !isLive) return { pending: null, resendAfterSeconds };
  return {
    pending: {
      verificationId: latest.id,
      method: latest.channel,
      phone: latest.phone,
      codeLength: PHONE_CODE_LENGTH,
      expiresAt: latest.expiresAt.toISOString(),
    },
    resendAfterSeconds,
  };
}
