import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { signIn } from '@evcharge/api/auth/sign-in';
import { getLegal } from '@evcharge/api/brand/get-legal';
import { getSelf } from '@evcharge/api/users/get-self';
import { jsonResponse } from '@/test/render';
import { apiRequest } from './api-client';
import { ApiError, errorText } from './api-error';
import { i18n, initI18n, loadNamespaces } from './i18n';
import { buildClient } from '@/test/builders';
import { clearSession, getSession, startSession } from './session';

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initI18n('en');
  // Error texts load just after the first paint, not with the shell.
  await loadNamespaces(['errors', 'validation']);
});

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  clearSession();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('apiRequest', () => {
  it('builds the URL from the contract and sends the bearer token', async () => {
    startSession(buildClient('secret'));
    fetchMock.mockResolvedValue(jsonResponse(200, { document: 'termsofuse' }));
    await apiRequest(getLegal, { params: { document: 'termsofuse' }, query: { lang: 'kz' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/brand/legal/termsofuse?lang=kz');
    expect(init?.method).toBe('GET');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer secret');
  });

  it('sends JSON bodies and no token when signed out', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { accessToken: 'x' }));
    await apiRequest(signIn, { body: { login: 'a@b.c', password: 'p', userType: 2 } });
    const init = fetchMock.mock.calls[0]![1]!;
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ login: 'a@b.c', password: 'p', userType: 2 });
  });

  it('turns an error answer into an ApiError with code, fields and details', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, {
      code: 'INVALID_CREDENTIALS', message: 'Invalid login or password',
      fields: [{ path: 'login', rule: 'email' }, { bad: true }], details: { triesLeft: 3 },
    }));
    const error = await caught(apiRequest(signIn, { body: { login: 'a', password: 'b', userType: 2 } }));
    expect(error).toMatchObject({ status: 401, code: 'INVALID_CREDENTIALS', details: { triesLeft: 3 } });
    expect(error.fields).toEqual([{ path: 'login', rule: 'email' }]);
  });

  it.each([
    [502, 'SERVICE_UNAVAILABLE'],
    [404, 'NOT_FOUND'],
    [500, 'UNKNOWN'],
  ])('maps a non-JSON %i to %s', async (status, code) => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status }));
    expect((await caught(apiRequest(getLegal, { params: { document: 'termsofuse' } }))).code).toBe(code);
  });

  it('takes the wait from Retry-After when the body has none', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { code: 'TOO_MANY_REQUESTS', message: 'x' }, { 'Retry-After': '42' }));
    const error = await caught(apiRequest(getSelf));
    expect(error.details.retryAfterSeconds).toBe(42);
  });

  it('signs out on a 401 from a user endpoint', async () => {
    startSession(buildClient('old'));
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'UNAUTHORIZED', message: 'x' }));
    await caught(apiRequest(getSelf));
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('client')).toBeNull();
  });

  it('keeps the session on a 401 from a public endpoint (wrong password)', async () => {
    startSession(buildClient('keep'));
    fetchMock.mockResolvedValue(jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'x' }));
    await caught(apiRequest(signIn, { body: { login: 'a', password: 'b', userType: 2 } }));
    expect(getSession()?.accessToken).toBe('keep');
  });

  it('reports a failed connection as NETWORK', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await caught(apiRequest(getSelf))).code).toBe('NETWORK');
  });
});

describe('errorText', () => {
  it.each([
    [new ApiError(401, 'INVALID_CREDENTIALS', '', [], { triesLeft: 3 }), 'Invalid login or password. Tries left: 3'],
    [new ApiError(423, 'ACCOUNT_BLOCKED', ''), 'The account is blocked. Set a new password or contact support.'],
    [new ApiError(429, 'TOO_MANY_REQUESTS', '', [], { retryAfterSeconds: 29.2 }), 'Too many requests. Please wait a moment. Try again in 30 s.'],
    [new ApiError(402, 'ACQ12', ''), "The 3-D Secure check failed. Try again and confirm the payment in your bank's app or SMS."],
    [new Error('boom'), 'Something went wrong. Please try again.'],
  ])('%#', (error, text) => {
    expect(errorText(i18n.t, error)).toBe(text);
  });
});
