import { randomInt } from 'node:crypto';
import { AppError } from '@evcharge/domain/errors';
import type { Db } from '../../db/client';
import type { OneTimePurpose } from '../../db/schema/users';
import { newOpaqueToken, sha256 } from '../../plugins/auth';
import * as repo from './repo';

// SPEC §7 setPassClient: the link and the code work once, for an hour.
export const PASSWORD_RESET_VALID_MINUTES = 60;
export const EMAIL_CONFIRM_VALID_MINUTES = 7 * 24 * 60;
/** Wrong codes allowed per mailed code; 6 digits must not be guessable by trying them all. */
export const MAX_WRONG_CODES = 5;

export function codeHash(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}

/** Voids older links of the purpose, then stores a new token (and code) by their hashes. */
export async function issueOneTimeToken(
  db: Db,
  input: { userId: string; purpose: OneTimePurpose; validMinutes: number; withCode: boolean },
): Promise<{ token: string; code: string | undefined }> {
  const token = newOpaqueToken();
  const code = input.withCode ? String(randomInt(0, 1_000_000)).padStart(6, '0') : undefined;
  await repo.voidUnusedTokens(db, input.userId, input.purpose);
  await repo.insertOneTimeToken(db, {
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    codeHash: code ? codeHash(input.userId, code) : null,
    expiresAt: new Date(Date.now() + input.validMinutes * 60_000),
  });
  return { token, code };
}

/**
 * The live token behind an e-mail and a mailed code (password reset, e-mail confirmation).
 * Unknown address or wrong code: WRONG_CODE. No live code (used, expired, voided by a newer
 * mail, or MAX_WRONG_CODES wrong tries): LINK_INVALID. Changes nothing but the wrong count.
 */
export async function tokenForCode(
  db: Db,
  purpose: OneTimePurpose,
  input: { email: string; code: string },
): Promise<repo.OneTimeToken> {
  const user = await repo.findUserByEmail(db, input.email);
  if (!user || user.deletedAt) throw new AppError('WRONG_CODE');
  const row = await repo.findLatestUnusedToken(db, user.id, purpose);
  if (!row?.codeHash) throw new AppError('LINK_INVALID');
  const attempt = await repo.tryCode(db, row.id, codeHash(user.id, input.code), MAX_WRONG_CODES);
  if (!attempt) throw new AppError('LINK_INVALID');
  if (!attempt.isRight) throw new AppError('WRONG_CODE');
  return row;
}
