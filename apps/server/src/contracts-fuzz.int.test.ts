import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkToken } from '@evcharge/api/auth/check-token';
import { createCar } from '@evcharge/api/cars/cars';
import { errorBodySchema } from '@evcharge/api/common';
import { IDEMPOTENCY_KEY_HEADER, type Contract } from '@evcharge/api/contract';
import { contracts } from '@evcharge/api/index-of-contracts';
import { signedInUser, type TestUser } from './test/builders';
import { changeWatch } from './test/db-fingerprint';
import { requestArb, urlOf, type FuzzRequest } from './test/fuzz/requests';
import { startTestServer, type TestServer } from './test/harness';
import { addStation } from './test/station-builders';

// The classes of bug "bad input answers 500" and "bad input changes data" (house rules; OWASP
// ASVS 5.1), for every contract of the API, new ones included without anyone writing a case:
// requests generated from each contract's zod schemas, valid-looking and hostile, signed in
// and not. Every answer is 2xx or 4xx within REQUEST_TIMEOUT_MS, a 4xx has the JSON error
// body, and after a 4xx every table is as it was (test/db-fingerprint.ts says which counters
// a refusal may move and why).
//
// One fixed seed by default, so a run is repeatable; FC_SEED=random draws new requests,
// FC_SEED=<n> replays a run (with FC_PATH=<path> one failure); FC_RUNS=<n> sets the requests
// per contract.

const DEFAULT_SEED = 20_261_125;
const RUNS = Number(process.env.FC_RUNS ?? 20);
const REQUEST_TIMEOUT_MS = 10_000;

let server: TestServer;
let driver: TestUser & { token: string };
let ids: string[] = [];
let watch: ReturnType<typeof changeWatch>;

beforeAll(async () => {
  server = await startTestServer();
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
  ids = [station.id, ...station.connectorIds, car.body.Id, driver.id];
  watch = changeWatch(server.db);
});
afterAll(async () => {
  await server?.close();
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
  if (status >= 400) {
    // 431 (headers and URL over 16 kB) comes from Node's HTTP parser, before the app.
    if (status !== 431) expect(errorBodySchema.safeParse(JSON.parse(text)).success, answer).toBe(true);
    expect(await watch.changedTables(), `${answer}: changed tables`).toEqual([]);
  }
  if (status === 401 && request.who === 'driver' && contract.auth === 'user') {
    await keepDriverSignedIn();
  }
}

describe('every contract, fuzzed', () => {
  const seed =
    process.env.FC_SEED === 'random' ? {} : { seed: Number(process.env.FC_SEED ?? DEFAULT_SEED) };
  const path = process.env.FC_PATH ? { path: process.env.FC_PATH } : {};
  for (const [name, contract] of Object.entries(contracts) as [string, Contract][]) {
    it(`${name} (${contract.method} ${contract.path}) answers 2xx or 4xx, and a 4xx changes nothing`, async () => {
      await fc.assert(
        fc.asyncProperty(requestArb(contract, ids), (request) => play(contract, request)),
        { numRuns: RUNS, endOnFailure: !process.env.FC_SHRINK, ...seed, ...path },
      );
    }, 120_000);
  }
});
