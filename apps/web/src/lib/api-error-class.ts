import type { ErrorCode, FieldError } from '@evcharge/domain/errors';

// The error a request throws, apart from its texts (api-error.ts): the first screen's modules
// (api-client.ts, query-client.ts) need the class alone (the first-load budget, bench/RESULTS.md).

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
