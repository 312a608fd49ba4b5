import type { TFunction } from 'i18next';
import { isErrorCode, type ErrorCode, type FieldError } from '@evcharge/domain/errors';

/** NETWORK: no answer at all (offline, DNS, time-out); every other code is the catalogue's. */
export type ClientErrorCode = ErrorCode | 'NETWORK';

type Details = Record<string, number | string>;

export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly fields: FieldError[];
  readonly details: Details;

  constructor(status: number, code: ClientErrorCode, message: string, fields: FieldError[] = [], details: Details = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.details = details;
  }
}

// Answers that are not our JSON (a proxy's 502 page, an old server) still get a fitting code.
function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE';
  return 'UNKNOWN';
}

function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null &&
    typeof (value as FieldError).path === 'string' && typeof (value as FieldError).rule === 'string';
}

function pickDetails(value: unknown): Details {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => typeof v === 'number' || typeof v === 'string'),
  ) as Details;
}

/** Turns an error answer into an ApiError, whatever its body. */
export function toApiError(status: number, body: unknown, retryAfterHeader: string | null): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = isErrorCode(record.code) ? record.code : codeForStatus(status);
  const message = typeof record.message === 'string' ? record.message : `HTTP ${status}`;
  const fields = Array.isArray(record.fields) ? record.fields.filter(isFieldError) : [];
  const details = pickDetails(record.details);
  const retryAfter = Number(retryAfterHeader);
  if (details.retryAfterSeconds === undefined && retryAfterHeader && Number.isFinite(retryAfter)) {
    details.retryAfterSeconds = retryAfter;
  }
  return new ApiError(status, code, message, fields, details);
}

/** The translated, driver-facing text of any error a request or a chunk load can throw. */
export function errorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('errors:UNKNOWN');
  const parts = [t(`errors:${error.code}`)];
  const { triesLeft, retryAfterSeconds } = error.details;
  if (error.code === 'INVALID_CREDENTIALS' && triesLeft !== undefined) {
    parts.push(t('errors:triesLeft', { tries: Number(triesLeft) }));
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
