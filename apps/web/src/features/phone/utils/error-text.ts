import type { TFunction } from 'i18next';
import { ApiError, errorText } from '@/lib/api-error';

/** "Try again in 40 s" or, for longer waits, in whole minutes. */
export function waitText(t: TFunction, seconds: number): string {
  return seconds < 60
    ? t('profile:phone.errors.waitSeconds', { seconds: Math.max(1, Math.ceil(seconds)) })
    : t('profile:phone.errors.waitMinutes', { minutes: Math.ceil(seconds / 60) });
}

/**
 * The errors of phone confirmation, told for this screen: tries left after a wrong code, a
 * dead code's way out (a new one), and how long to wait when there were too many requests.
 */
export function phoneErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return errorText(t, error);
  const { attemptsLeft, retryAfterSeconds } = error.details;
  if (error.code === 'WRONG_CODE' && attemptsLeft !== undefined) {
    const tries = Number(attemptsLeft);
    return tries > 0 ? t('profile:phone.errors.wrongCode', { tries }) : t('profile:phone.errors.lastTry');
  }
  if (error.code === 'LINK_INVALID') return t('profile:phone.errors.codeInvalid');
  if (error.code === 'TOO_MANY_REQUESTS' && retryAfterSeconds !== undefined) {
    return `${t('errors:TOO_MANY_REQUESTS')} ${waitText(t, Number(retryAfterSeconds))}`;
  }
  return errorText(t, error);
}

/** Whether the code on screen can no longer work and a new one is the way on. */
export function needsNewCode(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === 'LINK_INVALID' ||
    (error.code === 'WRONG_CODE' && Number(error.details.attemptsLeft) === 0)
  );
}
