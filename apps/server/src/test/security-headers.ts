import { expect } from 'vitest';
import { brandById } from '../brand/brands';
import {
  apiSecurityHeaders,
  isDataPath,
  securityHeaderOptions,
  staticSecurityHeaders,
} from '../plugins/security';
import type { TestServer } from './harness';

// DESIGN.md Operations: every answer of every status carries the security headers of its path
// (the API's and OCPI's, or the pages' of the brand asked), the request id, and an error is
// kept by no browser or proxy (cache-control: no-store).

export type HeaderCheck = (
  what: string,
  url: string,
  status: number,
  headers: Headers | Record<string, string | string[] | undefined>,
) => void;

/** Checks an answer of `server` (asked on its own address: the deployment's brand). */
export async function securityHeaderCheck(server: Pick<TestServer, 'config'>): Promise<HeaderCheck> {
  const page = await staticSecurityHeaders(
    securityHeaderOptions(brandById(server.config.brand), server.config.publicUrl),
  );
  const api = apiSecurityHeaders(page);
  return (what, url, status, headers) => {
    const get = (name: string) =>
      headers instanceof Headers ? headers.get(name) : ([headers[name]].flat()[0] ?? null);
    const expected: Record<string, string> = { ...(isDataPath(url) ? api : page) };
    // An error says no-store, alone or with what its route said (a private file's `private`).
    if (status >= 400) {
      delete expected['cache-control'];
      expect(get('cache-control'), `${what}: cache-control`).toMatch(/(^|,\s*)no-store(\s*,|$)/);
    }
    const got = Object.fromEntries(Object.keys(expected).map((name) => [name, get(name)]));
    expect(got, `${what}: security headers`).toEqual(expected);
    expect(get('x-request-id'), `${what}: request id`).toBeTruthy();
  };
}
