import {
  IDEMPOTENCY_KEY_HEADER,
  contractUrl,
  type Contract,
  type ContractBody,
  type ContractResponse,
} from '@evcharge/api/contract';
import { ApiError } from './api-error-class';
import { clearSession, getAccessToken } from './session';

/** A request with no answer after this long counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 30_000;

export type RequestOptions<C extends Contract> = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: ContractBody<C>;
  signal?: AbortSignal;
  /**
   * For requests the server may hold longer than REQUEST_TIMEOUT_MS on purpose: a long poll, or
   * a start that waits for the charge point's answer (OCPP call time-out 30 s).
   */
  timeoutMs?: number;
  /** Required by a contract that moves money (`idempotent`): one per intent (lib/intent-key). */
  idempotencyKey?: string;
};

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

/**
 * The ApiError of an error answer. Reading it needs the error catalogue, loaded with the
 * first failed request (lib/error-answer.ts; also fetched once the first screen is idle). If
 * even that load fails, the server is unreachable for files too: the status still says what
 * kind of failure it was.
 */
async function errorOf(response: Response, body: unknown): Promise<ApiError> {
  try {
    const { toApiError } = await import('./error-answer');
    return toApiError(response.status, body, response.headers.get('Retry-After'));
  } catch {
    const code = response.status >= 500 ? 'SERVICE_UNAVAILABLE' : 'UNKNOWN';
    return new ApiError(response.status, code, `HTTP ${response.status}`);
  }
}

/**
 * Calls one endpoint through its contract (packages/api). Sends the access token of the
 * stored `client` record; a 401 from a user endpoint means the token is gone: sign out.
 */
export async function apiRequest<C extends Contract>(
  contract: C,
  options: RequestOptions<C> = {},
): Promise<ContractResponse<C>> {
  const url = contractUrl(contract, options.params, options.query);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  if (contract.idempotent && !options.idempotencyKey)
    throw new Error(`${contract.path} moves money: send an idempotencyKey`);
  if (options.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER] = options.idempotencyKey;

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
    // A caller's own abort (unmount, newer query) is not the network's fault.
    if (options.signal?.aborted) throw cause;
    throw new ApiError(0, 'NETWORK', cause instanceof Error ? cause.message : 'Network error');
  }

  const body = await readJson(response);
  if (!response.ok) {
    if (response.status === 401 && contract.auth === 'user') clearSession();
    throw await errorOf(response, body);
  }
  return body as ContractResponse<C>;
}
