import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '@evcharge/api/auth/sign-in';
import { signUp } from '@evcharge/api/auth/sign-up';
import { createCar, deleteCar, updateCar } from '@evcharge/api/cars/cars';
import type { Contract } from '@evcharge/api/contract';
import { getOutbox } from '@evcharge/api/dev/get-outbox';
import { patchPerson, replacePerson } from '@evcharge/api/account/persons';
import { CLIENT_USER_TYPE } from '@evcharge/domain/constants';
import { loginLockouts } from '../db/schema/users';
import { signedInUser, type TestUser } from '../test/builders';
import { dbFingerprint } from '../test/db-fingerprint';
import { type CallInput } from '../test/harness';
import { withTestServer } from '../test/hooks';

// OWASP ASVS 5.1.4: a NUL or a lone surrogate in any string of a request (a value or a key of
// the body, the query or a path parameter) is refused with 400 naming the field; nothing is
// stored. Before, a NUL answered 500 and a lone surrogate was stored as U+FFFD.

const server = withTestServer();
let driver: TestUser & { token: string };
let carId: string;
beforeAll(async () => {
  driver = await signedInUser(server);
  const car = await server.call<{ Id: string }>(createCar, {
    token: driver.token,
    body: { name: 'Leaf' },
  });
  carId = car.body.Id;
});

type ErrorBody = { code: string; fields?: { path: string; rule: string }[] };

/** Calls the contract and expects 400 naming `path` with the `characters` rule; nothing stored. */
async function expectRefused(contract: Contract, input: CallInput, path: string) {
  const before = await dbFingerprint(server.db);
  const answer = await server.call<ErrorBody>(contract, input);
  expect(answer.status).toBe(400);
  expect(answer.body.code).toBe('VALIDATION_FAILED');
  expect(answer.body.fields).toEqual([{ path, rule: 'characters' }]);
  expect(await dbFingerprint(server.db)).toEqual(before);
}

const bad = [
  ['a NUL', '\u0000'],
  ['a lone surrogate', '\uD800'],
  ['a lone low surrogate', '\uDC00'],
] as const;

describe.each(bad)('%s in a request', (_name, char) => {
  it('is refused on sign-in, in the login and the password', async () => {
    const body = { login: driver.email, password: driver.password, userType: CLIENT_USER_TYPE };
    await expectRefused(signIn, { body: { ...body, login: `${driver.email}${char}` } }, 'login');
    await expectRefused(signIn, { body: { ...body, password: `Secret${char}123` } }, 'password');
    // Refused before the password is looked at: no wrong password counted against the login.
    expect(await server.db.select().from(loginLockouts)).toEqual([]);
  });

  it('is refused on sign-up, in a value and in a key', async () => {
    const body = {
      name: 'Anna',
      email: `new-${bad.findIndex(([, c]) => c === char)}@example.test`,
      password: 'Secret123',
      repeat: 'Secret123',
      termsAccepted: true,
    };
    await expectRefused(signUp, { body: { ...body, name: `An${char}na` } }, 'name');
    await expectRefused(signUp, { body: { ...body, [`Lang${char}`]: 'en' } }, `Lang${char}`);
  });

  it('is refused on the person, saved whole or in part', async () => {
    const person = { name: 'Test', email: driver.email };
    await expectRefused(
      replacePerson,
      { token: driver.token, body: { ...person, surname: `Iva${char}nov` } },
      'surname',
    );
    await expectRefused(patchPerson, { token: driver.token, body: { name: `Te${char}st` } }, 'name');
  });

  it('is refused on a car, in the body, a nested key and the path', async () => {
    const token = driver.token;
    await expectRefused(createCar, { token, body: { name: `Le${char}af` } }, 'name');
    await expectRefused(createCar, { token, body: { name: 'Leaf', [`x${char}`]: 1 } }, `x${char}`);
    await expectRefused(
      updateCar,
      { token, params: { Id: carId }, body: { name: 'Leaf', vin: `5YJ3E1EA7KF31700${char}` } },
      'vin',
    );
  });
});

// A URL cannot carry a lone surrogate (its UTF-8 bytes are not valid UTF-8): the percent
// escapes of one are refused as a bad URL in the path and stay plain text in the query.
describe('a URL', () => {
  const nulParam = '%00';
  const surrogate = '%ED%A0%80';
  const headers = () => ({ authorization: `Bearer ${driver.token}` });

  it.each([
    ['a NUL in a path parameter', 'PUT', `/api/car/${nulParam}`, 'Id'],
    ['a NUL in a path parameter of a delete', 'DELETE', `/api/car/${nulParam}`, 'id'],
    ['a NUL in the query', 'GET', `/api/cars/detail?id=:car${nulParam}`, 'id'],
    ['a NUL in a query key', 'GET', `/api/dev/outbox?t${nulParam}o=1`, `t\u0000o`],
  ])('refuses %s', async (_name, method, path, field) => {
    const before = await dbFingerprint(server.db);
    const put = method === 'PUT';
    const answer = await server.fetch(path.replace(':car', carId), {
      method,
      headers: put ? { ...headers(), 'content-type': 'application/json' } : headers(),
      body: put ? JSON.stringify({ name: 'Leaf' }) : undefined,
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: field, rule: 'characters' }],
    });
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('refuses a NUL in the outbox query', async () => {
    await expectRefused(getOutbox, { query: { to: 'a\u0000@example.test' } }, 'to');
  });

  it('refuses the escapes of a lone surrogate in a path parameter as a bad URL', async () => {
    const before = await dbFingerprint(server.db);
    for (const contract of [updateCar, deleteCar]) {
      const answer = await server.fetch(`/api/car/${surrogate}`, {
        method: contract.method,
        headers: headers(),
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('keeps the escapes of a lone surrogate in the query as text', async () => {
    const before = await dbFingerprint(server.db);
    const detail = await server.fetch(`/api/cars/detail?id=${surrogate}`, { headers: headers() });
    expect(detail.status).toBe(400);
    const outbox = await server.fetch(`/api/dev/outbox?to=${surrogate}`);
    expect(outbox.status).toBe(200);
    expect(await outbox.json()).toEqual({ messages: [] });
    expect(await dbFingerprint(server.db)).toEqual(before);
  });
});
