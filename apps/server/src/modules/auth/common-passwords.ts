import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '@evcharge/domain/errors';
import { rule } from '@evcharge/domain/validation';

// OWASP ASVS 2.1.7 / NIST SP 800-63B 5.1.1.2: a new password is checked against the most common
// ones, beside SPEC's rule (length, upper, lower, digit). The list is zxcvbn-ts's, ordered by
// how often each password was found in breaches; its first ten thousand, compared without case.
// Server only: it never reaches the web app's first load.

export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT));
  return common.has(password.toLowerCase());
}

/** 400 VALIDATION_FAILED naming the field with the `passwordCommon` rule. */
export function refuseCommonPassword(password: string, path: string): void {
  if (isCommonPassword(password)) {
    throw new AppError('VALIDATION_FAILED', { fields: [{ path, rule: rule.passwordCommon }] });
  }
}
