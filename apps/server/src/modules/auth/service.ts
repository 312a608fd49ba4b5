import type { SignInResult } from '@evcharge/api/auth/sign-in';
import type { signUpBodySchema } from '@evcharge/api/auth/sign-up';
import { DEFAULT_LANGUAGE } from '@evcharge/domain/constants';
import { isCurrency } from '@evcharge/domain/currency';
import { AppError } from '@evcharge/domain/errors';
import type { z } from 'zod';
import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import type { Deps } from '../../deps';
import { brandOfAccount } from '../../brand/brands';
import { isUniqueViolation } from '../../db/errors';
import { confirmEmailMail } from '../../mail/templates';
import { newOpaqueToken, sha256, type Auth, type UserRow } from '../../plugins/auth';
import { userView } from '../users';
import { EMAIL_CONFIRM_VALID_MINUTES, issueOneTimeToken } from './one-time';
import { hashPassword, verifyNothing, verifyPassword } from '../../crypto/passwords';
import type { AddressLimit } from './address-limit';
import { refuseCommonPassword } from './common-passwords';
import { assertNotLocked, clearLockout, loginHash, recordWrongPassword } from './lockout';
import * as repo from './repo';

async function startSession(deps: Deps, user: UserRow): Promise<SignInResult> {
  const accessToken = newOpaqueToken();
  await repo.insertAccessToken(deps.db, user.id, sha256(accessToken), deps.now());
  return {
    accessToken,
    CurrencyCode: user.currency,
    Lang: user.lang,
    user: await userView(deps.db, user),
  };
}

/**
 * SPEC §8: wrong passwords count down, the last one locks the login for a while (lockout.ts).
 * An unknown or deleted login takes the same way, the same time (an argon2 check of a dummy
 * hash) and gets the same answers (OWASP ASVS 2.2.1, 3.2).
 */
export async function signIn(
  deps: Deps,
  input: { login: string; password: string },
  address: { ip: string; limit: AddressLimit },
): Promise<SignInResult> {
  const now = deps.now();
  await address.limit.check(address.ip, now);
  const email = input.login.trim().toLowerCase();
  const hash = loginHash(email);
  await assertNotLocked(deps.db, hash, now);
  const found = await repo.findUserByEmail(deps.db, email);
  const user = found && !found.deletedAt ? found : undefined;
  const isRight = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyNothing(input.password);
  if (!user || !isRight) {
    await address.limit.fail(address.ip, now);
    throw await recordWrongPassword(deps.db, hash, now);
  }
  if (user.isBlocked) throw new AppError('ACCOUNT_BLOCKED');
  // Wrong tries in parallel may have locked it meanwhile: the lock wins.
  await assertNotLocked(deps.db, hash, now);
  await clearLockout(deps.db, hash);
  return startSession(deps, user);
}

/** `origin`: where the link leads (http/origin.ts `returnOrigin`); PUBLIC_URL by default. */
export async function sendEmailConfirmation(
  deps: Deps,
  user: UserRow,
  origin = deps.config.publicUrl,
): Promise<void> {
  // SPEC §5: confirmed by the link or by the code, whichever the user finds easier.
  const { token, code } = await issueOneTimeToken(deps.db, {
    userId: user.id,
    purpose: 'email_confirm',
    validMinutes: EMAIL_CONFIRM_VALID_MINUTES,
    withCode: true,
  });
  const link = `${origin}/confirm_page?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    confirmEmailMail(
      { to: user.email, name: user.name, lang: user.lang, link, code: code ?? '' },
      brandOfAccount(user, deps.brand).title,
    ),
  );
}

/**
 * A new account, under the brand of the host it was made on (request.brand): its currency and
 * the privacy policy accepted are that brand's, and so is what goes to the driver later.
 */
export async function signUp(
  deps: Deps,
  input: z.output<typeof signUpBodySchema>,
  origin = deps.config.publicUrl,
  brand: BrandConfig = deps.brand,
): Promise<SignInResult> {
  await refuseCommonPassword(input.password, 'password');
  if (await repo.findUserByEmail(deps.db, input.email)) throw new AppError('EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    user = await repo.insertUser(deps.db, {
      name: input.name,
      email: input.email,
      passwordHash,
      lang: input.Lang ?? DEFAULT_LANGUAGE,
      currency: isCurrency(brand.currency) ? brand.currency : 'rub',
      brand: brand.id,
      // The sign-up form's consent covers the terms and the current privacy policy.
      privacyPolicyVersion: brand.privacyPolicyVersion,
      privacyPolicyAcceptedAt: new Date(),
    });
  } catch (error) {
    // Two sign-ups with one address at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN');
    throw error;
  }
  await sendEmailConfirmation(deps, user, origin);
  return startSession(deps, user);
}

export async function logout(deps: Deps, auth: Auth): Promise<void> {
  await repo.revokeAccessToken(deps.db, auth.tokenId);
}

export async function changePassword(
  deps: Deps,
  auth: Auth,
  input: { UserId: string; Password: string; NewPassword: string },
): Promise<void> {
  if (input.UserId !== auth.user.id) throw new AppError('FORBIDDEN');
  await refuseCommonPassword(input.NewPassword, 'NewPassword');
  // Wrong old passwords count on the sign-in's counter and lock (OWASP ASVS 2.2.1).
  const now = deps.now();
  const hash = loginHash(auth.user.email);
  await assertNotLocked(deps.db, hash, now);
  if (!(await verifyPassword(auth.user.passwordHash, input.Password))) {
    const error = await recordWrongPassword(deps.db, hash, now);
    if (error.code !== 'INVALID_CREDENTIALS') throw error;
    // Not a 401: the session itself is fine, only the old password was wrong.
    throw new AppError('PASSWORD_CHANGE_FAILED', { details: error.details });
  }
  await repo.setPasswordHash(deps.db, auth.user.id, await hashPassword(input.NewPassword));
  // Other devices signed in with the old password must sign in again; this one stays.
  await repo.revokeUserTokens(deps.db, auth.user.id, auth.tokenId);
}
