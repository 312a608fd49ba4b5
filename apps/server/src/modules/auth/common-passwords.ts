import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';

// OWASP ASVS 2.1.7 / NIST SP 800-63B 5.1.1.2: a new password is checked against the most common
// ones, beside SPEC's rule (length, upper, lower, digit). The list is zxcvbn-ts's, ordered by
// how often each password was found in breaches; its first ten thousand, compared without case.
// Server only: it never reaches the web app's first load. The dictionaries (about 3 MB of
// heap) are loaded with the first password set, not at start.

export const COMMON_PASSWORD_COUNT = 10_000;

let common: Promise<Set<string>> | undefined;

export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT)),
  );
  return (await common).has(password.toLowerCase());
}

/** 400 VALIDATION_FAILED naming the field with the `passwordCommon` rule. */
export async function refuseCommonPassword(password: string, path: string): Promise<void> {
  if (await isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ path, rule: rule.passwordCommon }] });
  }
}
