import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkToken } from '@evcharge/api/auth/check-token';
import { createCar } from '@evcharge/api/cars/cars';
import { errorBodySchema } from '@evcharge/api/common';
import { IDEMPOTENCY_KEY_HEADER, type Contract } from '@evcharge/api/contract';
import { contracts } from '@evcharge/api/index-of-contracts';
import { authorizationHeader } from '@evcharge/api/ocpi/types';
import { bindCard } from '@evcharge/api/payments/cards';
import type { PaymentResult } from '@evcharge/api/payments/payment-schemas';
import { roamingPartners } from './db/schema/roaming';
import type { Notify } from './payments/sandbox/notifier';
import { hashToken } from './modules/roaming';
import { isApiPath } from './plugins/api-path';
import { signedInUser, type TestUser } from './test/builders';
import { addChargePoint } from './test/charge-points';
import { changeWatch } from './test/db-fingerprint';
import { hostileText } from './test/fuzz/hostile';
import { encodePart, requestArb, urlOf, type FuzzRequest } from './test/fuzz/requests';
import {
  routeRequestArb,
  routeShape,
  routeUrl,
  serverRoutes,
  type RouteRequest,
  type ServerRoute,
} from './test/fuzz/routes';
import { startTestServer, type TestServer } from './test/harness';
import { driverWithPhone } from './test/payments';
import { insertOperation, operationReceipt } from './test/receipt-builders';
import { ownPath } from './test/sandbox-card';
import { securityHeaderCheck, type HeaderCheck } from './test/security-headers';
import { addStation } from './test/station-builders';

// The classes of bug "bad input answers 500" and "bad input changes data" (house rules; OWASP
// ASVS 5.1), for every route the server answers, new ones included without anyone writing a
// case: Fastify lists the routes. A route of an API contract gets requests generated from the
// contract's zod schemas, valid-looking and hostile; every other one (the sandbox bank's pages,
// OCPI, the web app's and the staff console's files, /dev, health and metrics) hostile and
// plausible parameters, queries and bodies; and what no route answers (unknown paths, a plain
// GET of a charge point's OCPP address, WebSocket upgrades the OCPP server refuses) is asked
// too. Signed in as the test driver, as a roaming partner, anonymous and with a forged token.
// Every answer is 2xx, 3xx or 4xx within REQUEST_TIMEOUT_MS and carries the security headers
// (test/security-headers.ts); an API 4xx has the JSON error body, and after a 4xx every table
// is as it was (test/db-fingerprint.ts says which counters a refusal may move and why).
//
// One fixed seed by default, so a run is repeatable; FC_SEED=random draws new requests,
// FC_SEED=<n> replays a run (with FC_PATH=<path> one failure); FC_RUNS=<n> sets the requests
// per route (a tenth of them, at least 2, for HEAD: Fastify adds it to every GET, whose handler
// answers it).

const DEFAULT_SEED = 20_261_125;
const RUNS = Number(process.env.FC_RUNS ?? 20);
const HEAD_RUNS = Math.max(2, Math.round(RUNS / 10));
const REQUEST_TIMEOUT_MS = 10_000;

// A build of the web app and of the staff console, so their routes exist too.
const webDist = mkdtempSync(path.join(tmpdir(), 'evcharge-fuzz-web-'));
const consoleDist = mkdtempSync(path.join(tmpdir(), 'evcharge-fuzz-console-'));
const page = '<!doctype html><html><head><title>evcharge</title></head><body><div id="root"></div></body></html>';
for (const [dir, files] of [
  [webDist, { 'index.html': page, 'app.html': page, 'sw.js': '', 'push-sw.js': '', 'assets/app.js': '1' }],
  [consoleDist, { 'index.html': page, 'assets/console.js': '1' }],
] as const) {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
}

// The sandbox bank tells this server of a payment its page ended, in the background: a request
// waits for that, so what the notification changes is not taken for a change by the next one.
const notifying = new Set<Promise<unknown>>();
const notifyHere: Notify = (url, body, headers) => {
  const sent = fetch(url.replace(server.config.publicUrl, server.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  }).then((response) => {
    if (!response.ok) throw new Error(`notification answered ${response.status}`);
  });
  const tracked = sent.finally(() => notifying.delete(tracked));
  notifying.add(tracked);
  return sent;
};

// Started while the file is collected: the tests are made from the routes it lists.
const server: TestServer = await startTestServer({
  config: { webDist, consoleDist },
  acquirerNotify: notifyHere,
});
const routes = serverRoutes(server.app);
const contractOf = new Map(
  (Object.values(contracts) as Contract[]).map((contract) => [
    routeShape(contract.method, contract.path),
    contract,
  ]),
);

let driver: TestUser & { token: string };
let ids: string[] = [];
let watch: ReturnType<typeof changeWatch>;
let check: HeaderCheck;
let chargePoint: { id: string; password: string };
const partnerToken = randomBytes(32).toString('base64url');

/** A registered roaming partner the OCPI routes answer (again, after a fuzzed unregistration). */
async function registerPartner() {
  const values = {
    name: 'NordCharge',
    countryCode: 'NL',
    partyId: 'NCP',
    status: 'registered' as const,
    inboundTokenHash: hashToken(partnerToken),
    outboundToken: 'their-token',
    // Nothing listens there: a call to the partner fails at once.
    versionsUrl: 'http://127.0.0.1:9/ocpi/versions',
  };
  const updated = await server.db
    .update(roamingPartners)
    .set(values)
    .where(eq(roamingPartners.name, values.name))
    .returning({ id: roamingPartners.id });
  if (updated.length === 0) await server.db.insert(roamingPartners).values(values);
}

beforeAll(async () => {
  check = await securityHeaderCheck(server);
  driver = await signedInUser(server);
  const station = await addStation(server, {
    lat: 55.75,
    lng: 37.62,
    connectors: [{}, { socketType: 'ccs2' }],
  });
  const car = await server.call<{ Id: string }>(createCar, {
    token: driver.token,
    body: { name: 'Leaf' },
  });
  // A receipt (and its PDF) of the driver's, and a payment waiting on the sandbox bank's page.
  const topUp = await insertOperation(server, { userId: driver.id, orderType: 'TopUpBalance', amountMinor: 50_000 });
  const receipt = await operationReceipt(server, topUp);
  const payer = await driverWithPhone(server);
  const binding = await server.call<PaymentResult>(bindCard, { token: payer.token, body: {} });
  const bankId = ownPath(server, binding.body.redirectUrl ?? '').split('/').pop()!.split('?')[0]!;
  await registerPartner();
  chargePoint = await addChargePoint(server);
  ids = [station.id, ...station.connectorIds, car.body.Id, driver.id, receipt!, bankId, station.code];
  watch = changeWatch(server.db);
});
afterAll(async () => {
  await server.close();
  for (const dir of [webDist, consoleDist]) rmSync(dir, { recursive: true, force: true });
});

let played = 0;

function headersOf(contract: Contract, request: FuzzRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  // A request that moves money carries a key of its own (one in five none: that is refused),
  // so the fuzz reaches what lies behind the key's check.
  played += 1;
  if (contract.idempotent && played % 5 !== 0) headers[IDEMPOTENCY_KEY_HEADER] = `fuzz-${played}`;
  if (request.who === 'driver') headers.authorization = `Bearer ${driver.token}`;
  if (request.who === 'forged') headers.authorization = `Bearer ${'f'.repeat(43)}`;
  if (request.body.kind === 'json') headers['content-type'] = 'application/json';
  if (request.body.kind === 'raw') headers['content-type'] = request.body.type;
  return headers;
}

function bodyOf(request: FuzzRequest): string | undefined {
  if (request.body.kind === 'json') return JSON.stringify(request.body.value);
  if (request.body.kind === 'raw') return request.body.text;
  return undefined;
}

/** An earlier 2xx may have ended the driver's token (logout, a new password): sign in anew. */
async function keepDriverSignedIn() {
  const check = await server.call(checkToken, { token: driver.token });
  if (check.status === 401) driver = await signedInUser(server);
}

async function play(contract: Contract, request: FuzzRequest) {
  const url = urlOf(contract, request);
  const what = `${contract.method} ${url.slice(0, 300)}`;
  await watch.before();
  const response = await server.fetch(url, {
    method: contract.method,
    headers: headersOf(contract, request),
    body: bodyOf(request),
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  const status = response.status;
  const answer = `${what} answered ${status} ${text.slice(0, 300)}`;
  expect((status >= 200 && status < 300) || (status >= 400 && status < 500), answer).toBe(true);
  check(answer, url, status, response.headers);
  if (status >= 400) {
    expect(errorBodySchema.safeParse(JSON.parse(text)).success, answer).toBe(true);
    expect(await watch.changedTables(), `${answer}: changed tables`).toEqual([]);
  }
  if (status === 401 && request.who === 'driver' && contract.auth === 'user') {
    await keepDriverSignedIn();
  }
}

const seed =
  process.env.FC_SEED === 'random' ? {} : { seed: Number(process.env.FC_SEED ?? DEFAULT_SEED) };
const replay = process.env.FC_PATH ? { path: process.env.FC_PATH } : {};
const settings = (runs: number) => ({ numRuns: runs, endOnFailure: !process.env.FC_SHRINK, ...seed, ...replay });

it('Fastify lists every contract among its routes, and routes beyond them', () => {
  const shapes = new Set(routes.map((route) => routeShape(route.method, route.path)));
  expect([...contractOf.keys()].filter((shape) => !shapes.has(shape))).toEqual([]);
  for (const shape of ['GET /acquirer/sandbox/pay/:', 'POST /acquirer/sandbox/3ds/:', 'GET /ocpi/versions', 'GET /', 'GET /*', 'GET /admin/*', 'GET /dev/outbox']) {
    expect(shapes, shape).toContain(shape);
  }
});

describe('every contract, fuzzed', () => {
  for (const [name, contract] of Object.entries(contracts) as [string, Contract][]) {
    it(`${name} (${contract.method} ${contract.path}) answers 2xx or 4xx, and a 4xx changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(contract, ids), (request) => play(contract, request)),
        settings(RUNS),
      );
    }, 120_000);
  }
});

function routeHeaders(request: RouteRequest): Record<string, string> {
  const headers: Record<string, string> = { accept: request.accept };
  if (request.who === 'driver') headers.authorization = `Bearer ${driver.token}`;
  if (request.who === 'forged') headers.authorization = `Bearer ${'f'.repeat(43)}`;
  if (request.who === 'partner') headers.authorization = authorizationHeader(partnerToken);
  if (request.body.kind === 'json') headers['content-type'] = 'application/json';
  if (request.body.kind === 'raw') headers['content-type'] = request.body.type;
  return headers;
}

async function playRoute(route: ServerRoute, request: RouteRequest) {
  const url = routeUrl(route, request);
  const what = `${route.method} ${url.slice(0, 300)}`;
  await watch.before();
  const response = await server.fetch(url, {
    method: route.method,
    headers: routeHeaders(request),
    body:
      request.body.kind === 'json'
        ? JSON.stringify(request.body.value)
        : request.body.kind === 'raw'
          ? request.body.text
          : undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  await Promise.allSettled([...notifying]);
  const status = response.status;
  const answer = `${what} answered ${status} ${text.slice(0, 300)}`;
  expect(status >= 200 && status < 500, answer).toBe(true);
  check(answer, url, status, response.headers);
  if (status >= 400) {
    if (isApiPath(url) && route.method !== 'HEAD') {
      expect(errorBodySchema.safeParse(JSON.parse(text)).success, answer).toBe(true);
    }
    expect(await watch.changedTables(), `${answer}: changed tables`).toEqual([]);
  }
  // A fuzzed DELETE of the credentials unregistered the partner: it registers again.
  if (status < 300 && route.method === 'DELETE' && route.path.endsWith('/credentials')) {
    await registerPartner();
  }
}

describe('every route outside the contracts, fuzzed', () => {
  for (const route of routes.filter((r) => !contractOf.has(routeShape(r.method, r.path)))) {
    it(`${route.method} ${route.path} answers 2xx, 3xx or 4xx with the security headers, and a 4xx changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(routeRequestArb(route, ids), (request) => playRoute(route, request)),
        settings(route.method === 'HEAD' ? HEAD_RUNS : RUNS),
      );
    }, 120_000);
  }
});

/** What the OCPP server answers a WebSocket upgrade it refuses (101 when it takes it). */
function upgradeStatus(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.baseUrl}${url}`, {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-version': '13',
        ...headers,
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('upgrade', (_response, socket) => {
      socket.destroy();
      resolve(101);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('what no route answers, fuzzed', () => {
  it('an unknown path, and a plain GET of a charge point’s OCPP address: 4xx with the security headers', async () => {
    const prefix = fc.constantFrom('/', '/ocpp/', '/api/', '/ocpi/2.2.1/', '/acquirer/', '/admin/', '/dev/', '/assets/');
    const arb = fc.record({
      prefix,
      part: fc.oneof(hostileText, fc.constantFrom(chargePoint.id, 'CP-UNKNOWN', 'x/y')),
      method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'),
      accept: fc.constantFrom('*/*', 'text/html'),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ prefix, part, method, accept }) => {
        const url = `${prefix}${encodePart(part)}`;
        const response = await server.fetch(url, {
          method,
          headers: { accept },
          redirect: 'manual',
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const answer = `${method} ${url.slice(0, 300)} answered ${response.status} ${(await response.text()).slice(0, 300)}`;
        expect(response.status >= 200 && response.status < 500, answer).toBe(true);
        check(answer, url, response.status, response.headers);
      }),
      settings(RUNS * 4),
    );
  }, 120_000);

  // The upgrade's refusal is written on the socket before any route or hook (ocpp/socket-server.ts,
  // ocpp-rpc): only a WebSocket client gets it, never a page, so only its status is checked here.
  it('a WebSocket upgrade the OCPP server refuses: 4xx, never 5xx', async () => {
    const basic = (id: string, password: string) =>
      `Basic ${Buffer.from(`${id}:${password}`).toString('base64')}`;
    const arb = fc.record({
      path: fc.oneof(
        fc.constantFrom(`/ocpp/${chargePoint.id}`, '/ocpp/CP-UNKNOWN', '/ocpp/', '/ocpp', '/api/brand', '/ocpp/%zz', '/ocpp/a/b'),
        hostileText.map((text) => `/ocpp/${encodePart(text)}`),
      ),
      protocol: fc.oneof(
        fc.constantFrom<string | undefined>('ocpp1.6', 'ocpp2.0.1', 'ocpp1.6, ocpp2.0.1', undefined, '', ' ', 'ocpp1.6,,'),
        // Header values Node sends (no control characters), of any other shape.
        fc.string({ maxLength: 20 }).filter((text) => /^[\x20-\x7e]*$/.test(text)),
      ),
      authorization: fc.constantFrom<string | undefined>(
        undefined,
        basic(chargePoint.id, 'wrong'),
        basic('CP-UNKNOWN', chargePoint.password),
        'Basic %%%',
        'Bearer x',
      ),
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ path: url, protocol, authorization }) => {
        const headers: Record<string, string> = {};
        if (protocol !== undefined) headers['sec-websocket-protocol'] = protocol;
        if (authorization !== undefined) headers.authorization = authorization;
        const status = await upgradeStatus(url, headers);
        expect(status >= 400 && status < 500, `upgrade ${url} ${JSON.stringify(headers)} answered ${status}`).toBe(true);
      }),
      settings(RUNS),
    );
  }, 120_000);
});
