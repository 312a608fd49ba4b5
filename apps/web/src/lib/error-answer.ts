import { isErrorCode, type ErrorCode, type FieldError } from '@evcharge/domain/errors';
import { ApiError } from './api-error';

// Reading an error answer needs the whole error catalogue (is the code one of ours?): the API
// client loads this module on the first failed request, so the catalogue stays out of the
// JavaScript the first screen waits for (first-load budget).

type Details = Record<string, number | string>;

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

