import type { Language } from '@evcharge/domain/constants';
import { AppError } from '@evcharge/domain/errors';
import type { Deps } from '../../deps';
import { brandOfAccount } from '../../brand/brands';
import { resetPasswordMail } from '../../mail/templates';
import { sha256 } from '../../plugins/auth';
import { findUserById } from '../users';
import { issueOneTimeToken, PASSWORD_RESET_VALID_MINUTES, tokenForCode } from './one-time';
import { hashPassword } from '../../crypto/passwords';
import { refuseCommonPassword } from './common-passwords';
import * as repo from './repo';
import type { OneTimeToken as OneTimeTokenRow } from './repo';

/** SPEC §7 resetPass: mails a link to /resetPage and a 6-digit code; §8 unknown e-mail. */
export async function requestPasswordReset(
  deps: Deps,
  input: { email: string; Lang?: Language },
  origin = deps.config.publicUrl,
): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, input.email);
  if (!user || user.deletedAt) throw new AppError('USER_NOT_FOUND');
  const { token, code } = await issueOneTimeToken(deps.db, {
    userId: user.id,
    purpose: 'password_reset',
    validMinutes: PASSWORD_RESET_VALID_MINUTES,
    withCode: true,
  });
  const link = `${origin}/resetPage?token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    resetPasswordMail(
      {
        to: user.email,
        lang: input.Lang ?? user.lang,
        link,
        code: code ?? '',
        validMinutes: PASSWORD_RESET_VALID_MINUTES,
      },
      brandOfAccount(user, deps.brand).title,
    ),
  );
}

function isLive(row: OneTimeTokenRow): boolean {
  return row.usedAt === null && row.expiresAt.getTime() > Date.now();
}

async function resetTokenFromInput(
  deps: Deps,
  input: { token?: string; email?: string; code?: string },
): Promise<OneTimeTokenRow> {
  if (input.token !== undefined) {
    const row = await repo.findOneTimeTokenByHash(deps.db, 'password_reset', sha256(input.token));
    if (!row || !isLive(row)) throw new AppError('LINK_INVALID');
    return row;
  }
  if (!input.email || !input.code) throw new AppError('WRONG_CODE');
  return tokenForCode(deps.db, 'password_reset', { email: input.email, code: input.code });
}

/** SPEC §7 setPassClient: the mailed token or e-mail + code, once; lifts a login block. */
export async function setPasswordFromMail(
  deps: Deps,
  input: { token?: string; email?: string; code?: string; password: string },
): Promise<void> {
  await refuseCommonPassword(input.password, 'password');
  const row = await resetTokenFromInput(deps, input);
  const passwordHash = await hashPassword(input.password);
  if (!(await repo.consumeOneTimeToken(deps.db, row.id))) throw new AppError('LINK_INVALID');
  await repo.setPasswordHash(deps.db, row.userId, passwordHash);
  // Whoever held a session with the old password (perhaps the guesser) is signed out.
  await repo.revokeUserTokens(deps.db, row.userId);
  // The mail reached its owner, so the address is confirmed as well.
  await repo.markEmailConfirmed(deps.db, row.userId);
}

/** The link mailed at sign-up. Opening it again after success still answers ok. */
async function confirmEmailByLink(deps: Deps, token: string): Promise<void> {
  const row = await repo.findOneTimeTokenByHash(deps.db, 'email_confirm', sha256(token));
  if (!row) throw new AppError('LINK_INVALID');
  if (row.usedAt !== null) {
    const user = await findUserById(deps.db, row.userId);
    if (user?.isEmailConfirmed) return;
    throw new AppError('LINK_INVALID');
  }
  if (!(await repo.consumeOneTimeToken(deps.db, row.id))) throw new AppError('LINK_INVALID');
  await repo.markEmailConfirmed(deps.db, row.userId);
}

/**
 * SPEC §5: the address is confirmed by the link mailed at sign-up or by the e-mail and the
 * code in that mail. A code works once; five wrong ones void it (like the reset code).
 */
export async function confirmEmail(
  deps: Deps,
  input: { token?: string; email?: string; code?: string },
): Promise<void> {
  if (input.token !== undefined) return confirmEmailByLink(deps, input.token);
  if (!input.email || !input.code) throw new AppError('WRONG_CODE');
  const row = await tokenForCode(deps.db, 'email_confirm', {
    email: input.email,
    code: input.code,
  });
  if (!(await repo.consumeOneTimeToken(deps.db, row.id))) throw new AppError('LINK_INVALID');
  await repo.markEmailConfirmed(deps.db, row.userId);
}
