import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { bindCard } from '@evcharge/api/payments/cards';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { authorizationHeader } from '@evcharge/api/ocpi/types';
import { roamingPartners } from '../db/schema/roaming';
import { hashToken } from '../modules/roaming';
import { dbFingerprint } from '../test/db-fingerprint';
import { withTestServer } from '../test/hooks';
import { driverWithPhone } from '../test/payments';
import { ownPath } from '../test/sandbox-card';
import { securityHeaderCheck, type HeaderCheck } from '../test/security-headers';

// OWASP ASVS 5.1: a request the database could not take (a NUL anywhere in its URL or body,
// PostgreSQL text refuses U+0000) or that names no well-formed id is refused before any query,
// with a 4xx, never a 500. And every answer, whoever sends it (a route, the error handler, the
// not-found handler, the router refusing a URL, Node's parser refusing the headers), carries
// the same security headers (DESIGN.md Operations).

const server = withTestServer();
let check: HeaderCheck;
let pagePath: string;
const partnerToken = randomBytes(32).toString('base64url');
const ocpi = { authorization: authorizationHeader(partnerToken), 'content-type': 'application/json' };

beforeAll(async () => {
  check = await securityHeaderCheck(server);
  const driver = await driverWithPhone(server);
  const started = await server.call<PaymentResult>(bindCard, { token: driver.token, body: {} });
  pagePath = ownPath(server, started.body.redirectUrl ?? '').split('?')[0]!;
  await server.db.insert(roamingPartners).values({
    name: 'NordCharge',
    countryCode: 'NL',
    partyId: 'NCP',
    status: 'registered',
    inboundTokenHash: hashToken(partnerToken),
    outboundToken: 'their-token',
    // Nothing listens there: a call to the partner fails at once.
    versionsUrl: 'http://127.0.0.1:9/ocpi/versions',
  });
});

async function ask(method: string, url: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const response = await server.fetch(url, { method, redirect: 'manual', ...init });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

describe("the sandbox bank's card page", () => {
  it.each([
    ['GET', '/acquirer/sandbox/pay/%00'],
    ['POST', '/acquirer/sandbox/pay/%00'],
    ['POST', '/acquirer/sandbox/3ds/abc%00def'],
  ])('%s %s is refused, with the headers of a 404 on the same route', async (method, url) => {
    const before = await dbFingerprint(server.db);
    const answer = await ask(method, url, method === 'POST' ? form({ code: '123456' }) : {});
    expect(answer.status, answer.text).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.text).toBeLessThan(500);
    check(`${method} ${url}`, url, answer.status, answer.headers);
    const missing = await ask(method, url.replace(/%00/g, 'x'), method === 'POST' ? form({ code: '1' }) : {});
    expect(missing.status).toBe(404);
    check(`${method} ${url} without the NUL`, url, missing.status, missing.headers);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('answers an id of another shape 404, and a real one its page', async () => {
    for (const id of ['abc', 'pay_', `pay_${'0'.repeat(24)}`, `refund_${'z'.repeat(24)}`, 'x'.repeat(90)]) {
      const answer = await ask('GET', `/acquirer/sandbox/pay/${id}`);
      expect(answer.status, id).toBe(404);
      check(id, '/acquirer/sandbox/pay/', answer.status, answer.headers);
    }
    const page = await ask('GET', pagePath);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post"');
    check('the card page', pagePath, page.status, page.headers);
  });
});

describe('a NUL anywhere in a request', () => {
  it.each([
    ['GET', '/api/brand?lang=%00'],
    ['GET', '/api/stations/%00'],
    ['GET', '/health?x=a%00b'],
    ['GET', '/nowhere/%00'],
  ])('%s %s is refused (400) before the route', async (method, url) => {
    const answer = await ask(method, url);
    expect(answer.status, answer.text).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'VALIDATION_FAILED' });
    check(url, url, answer.status, answer.headers);
  });

  it('is refused on the OCPI routes in their own error format, in the path and in the body', async () => {
    const before = await dbFingerprint(server.db);
    const inPath = await ask('GET', '/ocpi/2.2.1/cpo/locations/a%00b', { headers: ocpi });
    expect(inPath.status, inPath.text).toBe(400);
    expect(JSON.parse(inPath.text)).toMatchObject({ status_code: 2001 });
    check('OCPI path', '/ocpi/', inPath.status, inPath.headers);
    const location = {
      country_code: 'NL',
      party_id: 'NCP',
      id: 'LOC1',
      publish: true,
      name: 'Depot\u0000',
      address: 'Street 1',
      city: 'Utrecht',
      country: 'NLD',
      coordinates: { latitude: '52.09', longitude: '5.12' },
      time_zone: 'Europe/Amsterdam',
      last_updated: '2026-11-20T10:00:00Z',
    };
    const inBody = await ask('PUT', '/ocpi/2.2.1/emsp/locations/NL/NCP/LOC1', {
      headers: ocpi,
      body: JSON.stringify(location),
    });
    expect(inBody.status, inBody.text).toBe(400);
    expect(JSON.parse(inBody.text)).toMatchObject({ status_code: 2001 });
    check('OCPI body', '/ocpi/', inBody.status, inBody.headers);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it("is refused in the sandbox page's form", async () => {
    const before = await dbFingerprint(server.db);
    const answer = await ask('POST', pagePath, form({ number: '4242424242424242\u0000', expiry: '12/34', cvc: '123' }));
    expect(answer.status, answer.text).toBe(400);
    check('form', pagePath, answer.status, answer.headers);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });
});

describe('answers from outside the routes', () => {
  it.each([
    ['a malformed escape in an API path', '/api/stations/%zz', 400],
    ['a malformed escape in a page path', '/acquirer/sandbox/pay/%zz', 400],
    ['an escape of no UTF-8 text', '/acquirer/sandbox/pay/%ED%A0%80', 400],
    ['a path parameter over the router’s length', `/acquirer/sandbox/pay/${'x'.repeat(300)}`, 414],
    ['a path no route has', '/nowhere', 404],
    ['a plain GET of a charge point’s OCPP address', '/ocpp/CP-1', 404],
  ])('%s carries the security headers', async (_case, url, status) => {
    const answer = await ask('GET', url);
    expect(answer.status, answer.text).toBe(status);
    check(url, url, answer.status, answer.headers);
  });

  it("headers too large for Node's parser (431) carry them too", async () => {
    const answer = await ask('GET', '/api/brand', { headers: { 'x-pad': 'a'.repeat(20_000) } });
    expect(answer.status).toBe(431);
    check('431', '/api/brand', answer.status, answer.headers);
  });
});
