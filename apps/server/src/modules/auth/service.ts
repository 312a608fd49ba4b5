import type { SignInResult } from '@evcharge/api/auth/sign-in';
import type { signUpBodySchema } from '@evcharge/api/auth/sign-up';
import { DEFAULT_LANGUAGE, LOGIN_MAX_FAILED_ATTEMPTS } from '@evcharge/domain/constants';
import { isCurrency } from '@evcharge/domain/currency';
import { AppError } from '@evcharge/domain/errors';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/errors';
import { confirmEmailMail } from '../../mail/templates';
import { newOpaqueToken, sha256, type Auth, type UserRow } from '../../plugins/auth';
import { userView } from '../users/service';
import { EMAIL_CONFIRM_VALID_MINUTES, issueOneTimeToken } from './one-time';
import { hashPassword, verifyNothing, verifyPassword } from './passwords';
import * as repo from './repo';

async function startSession(deps: Deps, user: UserRow): Promise<SignInResult> {
  const accessToken = newOpaqueToken();
  await repo.insertAccessToken(deps.db, user.id, sha256(accessToken));
  return {
    accessToken,
    CurrencyCode: user.currency,
    Lang: user.lang,
    user: await userView(deps.db, user),
  };
}

/** SPEC §8: wrong passwords count down; the last one blocks until a new password is set. */
export async function signIn(
  deps: Deps,
  input: { login: string; password: string },
): Promise<SignInResult> {
  const user = await repo.findUserByEmail(deps.db, input.login.trim().toLowerCase());
  if (!user || user.deletedAt) {
    await verifyNothing(input.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (user.isBlocked) throw new AppError('ACCOUNT_BLOCKED');
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const after = await repo.recordFailedLogin(deps.db, user.id, LOGIN_MAX_FAILED_ATTEMPTS);
    if (after.isBlocked) throw new AppError('ACCOUNT_BLOCKED');
    throw new AppError('INVALID_CREDENTIALS', {
      details: { triesLeft: LOGIN_MAX_FAILED_ATTEMPTS - after.failedLoginCount },
    });
  }
  if (!(await repo.clearFailedLogins(deps.db, user.id))) throw new AppError('ACCOUNT_BLOCKED');
  return startSession(deps, { ...user, failedLoginCount: 0 });
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
      deps.brand.title,
    ),
  );
}

export async function signUp(
  deps: Deps,
  input: z.output<typeof signUpBodySchema>,
  origin = deps.config.publicUrl,
): Promise<SignInResult> {
  if (await repo.findUserByEmail(deps.db, input.email)) throw new AppError('EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.password);
  let user: UserRow;
  try {
    user = await repo.insertUser(deps.db, {
      name: input.name,
      email: input.email,
      passwordHash,
      lang: input.Lang ?? DEFAULT_LANGUAGE,
      currency: isCurrency(deps.brand.currency) ? deps.brand.currency : 'rub',
      // The sign-up form's consent covers the terms and the current privacy policy.
      privacyPolicyVersion: deps.brand.privacyPolicyVersion,
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
  if (!(await verifyPassword(auth.user.passwordHash, input.Password))) {
    throw new AppError('PASSWORD_CHANGE_FAILED');
  }
  await repo.setPasswordHash(deps.db, auth.user.id, await hashPassword(input.NewPassword));
  // Other devices signed in with the old password must sign in again; this one stays.
  await repo.revokeUserTokens(deps.db, auth.user.id, auth.tokenId);
}
