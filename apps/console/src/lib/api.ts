import {
  contractUrl,
  type Contract,
  type ContractBody,
  type ContractResponse,
} from '@evcharge/api/contract';
import { isErrorCode, type ErrorCode } from '@evcharge/domain/errors';
import { clearSession, getAccessToken } from './session';

/** NETWORK: no answer at all; every other code is the server's catalogue (domain/errors). */
export type ClientErrorCode = ErrorCode | 'NETWORK';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ClientErrorCode;
  readonly details: Record<string, number | string>;

  constructor(status: number, code: ClientErrorCode, message: string, details: Record<string, number | string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const REQUEST_TIMEOUT_MS = 30_000;

export type RequestOptions<C extends Contract> = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: ContractBody<C>;
  signal?: AbortSignal;
  timeoutMs?: number;
};

function codeForStatus(status: number): ClientErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'TOO_MANY_REQUESTS';
  if (status >= 502 && status <= 504) return 'SERVICE_UNAVAILABLE';
  return 'UNKNOWN';
}

function withTimeout(signal: AbortSignal | undefined, timeoutMs: number): AbortSignal | undefined {
  if (typeof AbortSignal.timeout !== 'function') return signal;
  const timeout = AbortSignal.timeout(timeoutMs);
  if (!signal) return timeout;
  return typeof AbortSignal.any === 'function' ? AbortSignal.any([signal, timeout]) : signal;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(response: Response, body: unknown): ApiError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const code = isErrorCode(record.code) ? record.code : codeForStatus(response.status);
  const details: Record<string, number | string> = {};
  if (typeof record.details === 'object' && record.details !== null) {
    for (const [key, value] of Object.entries(record.details)) {
      if (typeof value === 'number' || typeof value === 'string') details[key] = value;
    }
  }
  const retryAfter = Number(response.headers.get('Retry-After'));
  if (details.retryAfterSeconds === undefined && response.headers.get('Retry-After') && Number.isFinite(retryAfter)) {
    details.retryAfterSeconds = retryAfter;
  }
  const message = typeof record.message === 'string' ? record.message : `HTTP ${response.status}`;
  return new ApiError(response.status, code, message, details);
}

/** The Authorization header of the console's session (the server's bearer token, as the web's). */
export function authHeaders(): Record<string, string> {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Calls one endpoint through its contract (packages/api) with the console's token. A 401 from
 * a user endpoint means the token is gone: the console signs out.
 */
export async function apiRequest<C extends Contract>(
  contract: C,
  options: RequestOptions<C> = {},
): Promise<ContractResponse<C>> {
  const url = contractUrl(contract, options.params, options.query);
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(url, {
      method: contract.method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      signal: withTimeout(options.signal, options.timeoutMs ?? REQUEST_TIMEOUT_MS),
      credentials: 'same-origin',
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }
  const body = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && contract.auth === 'user') clearSession();
    throw toApiError(response, body);
  }
  return body as ContractResponse<C>;
}
