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

/**
 * How long every password reset request takes to answer, whether the address has an account
 * or not; the account's mail is made and handed over meanwhile, or after, never awaited.
 */
export const RESET_ANSWER_MS = 500;

type ResetInput = { email: string; Lang?: Language };

/**
 * SPEC §7 resetPass without telling who has an account (OWASP ASVS 2.2.1 and 3.2; OWASP Forgot
 * Password Cheat Sheet): every request gets the same answer after the same RESET_ANSWER_MS, as
 * sign-in answers an unknown login the same; the link and code go only to an account's address,
 * in the background. A mail that fails is logged, not answered. `settled` waits for the mails
 * on their way (the server's close).
 */
export function passwordResets(deps: Deps) {
  const sending = new Set<Promise<void>>();
  return {
    async request(
      input: ResetInput,
      origin: string,
      log: { error: (fields: object, message: string) => void },
    ): Promise<void> {
      const answer = new Promise((resolve) => setTimeout(resolve, RESET_ANSWER_MS));
      const mail = mailPasswordReset(deps, input, origin).catch((error: unknown) => {
        log.error({ err: error }, 'password reset mail failed');
      });
      sending.add(mail);
      void mail.finally(() => sending.delete(mail));
      await answer;
    },
    settled: async (): Promise<void> => {
      await Promise.all(sending);
    },
  };
}

/** SPEC §7 resetPass: mails a link to /resetPage and a 6-digit code to the account, if any. */
async function mailPasswordReset(deps: Deps, input: ResetInput, origin: string): Promise<void> {
  const user = await repo.findUserByEmail(deps.db, input.email);
  if (!user || user.deletedAt) return;
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
