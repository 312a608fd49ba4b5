import { randomInt } from 'node:crypto';
import type { Db } from '../../db/client';
import type { OneTimePurpose } from '../../db/schema/users';
import { newOpaqueToken, sha256 } from '../../plugins/auth';
import { insertOneTimeToken, voidUnusedTokens } from './repo';

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
  await voidUnusedTokens(db, input.userId, input.purpose);
  await insertOneTimeToken(db, {
    userId: input.userId,
    purpose: input.purpose,
    tokenHash: sha256(token),
    codeHash: code ? codeHash(input.userId, code) : null,
    expiresAt: new Date(Date.now() + input.validMinutes * 60_000),
  });
  return { token, code };
}
