import type { TFunction } from 'i18next';
import type { FieldError } from '@evcharge/domain/errors';
import { ApiError } from './api-error-class';

export { ApiError, type ClientErrorCode } from './api-error-class';

/** The translated, driver-facing text of any error a request or a chunk load can throw. */
export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors:UNKNOWN');
  if (error.code === 'STATION_CLOSED') {
    // The opening time is the station's wall clock (domain/station-hours).
    const { opensAt } = error.details;
    return opensAt === undefined ? t('errors:stationClosedNoHours') : t('errors:STATION_CLOSED', { time: String(opensAt) });
  }
  // Why a station (ours, or a roaming partner's: OCPI 2.2.1 §13.4.1) refused the command.
  const { reason } = error.details;
  const { triesLeft, retryAfterSeconds, unlocksAt } = error.details;
  if (error.code === 'COMMAND_REJECTED' && (reason === 'NOT_SUPPORTED' || reason === 'offline'))
    return t(`errors:commandRejected_${reason}`);
  // The partner's system asked for no calls for a while (HTTP 429 Retry-After).
  if (error.code === 'COMMAND_REJECTED' && reason === 'busy' && retryAfterSeconds !== undefined)
    return t('errors:commandRejected_busy', { seconds: Math.ceil(Number(retryAfterSeconds)) });
  const parts = [t(`errors:${error.code}`)];
  const counted = ['INVALID_CREDENTIALS', 'PASSWORD_CHANGE_FAILED', 'WRONG_PASSWORD', 'PRIVATE_STATION_WRONG_SECRET'];
  if (counted.includes(error.code) && triesLeft !== undefined) {
    parts.push(t('errors:triesLeft', { tries: Number(triesLeft) }));
  }
  // A wrong-password lock ends by itself: say when (OWASP ASVS 2.2.1).
  if (error.code === 'ACCOUNT_BLOCKED' && typeof unlocksAt === 'string') {
    const time = new Date(unlocksAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
    parts.push(t('errors:unlocksAt', { time }));
  }
  if (error.code === 'TOO_MANY_REQUESTS' && retryAfterSeconds !== undefined) {
    parts.push(t('errors:retryAfter', { seconds: Math.ceil(Number(retryAfterSeconds)) }));
  }
  return parts.join(' ');
}

/**
 * Puts the server's field errors (`fields[].rule`, a `validation:` key) onto the form's fields;
 * `rename` maps a server path to the form's name where they differ. Returns the leftovers.
 */
export function applyFieldErrors<Name extends string>(
  error: unknown,
  names: readonly Name[],
  setError: (name: Name, error: { type: string; message: string }) => void,
  rename: Partial<Record<string, Name>> = {},
): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const rest: FieldError[] = [];
  for (const field of error.fields) {
    const name = rename[field.path] ?? (names as readonly string[]).find((n) => n === field.path);
    if (name) setError(name as Name, { type: 'server', message: field.rule });
    else rest.push(field);
  }
  return rest;
}
