import { describe, expect, it } from 'vitest';
import { clientContracts } from './client-contracts';

const module = `import { z } from 'zod';
import { defineContract } from '../contract';
import { rule } from '../validation';
const stationSchema = z.object({ id: z.number({ error: rule.number }) });
const base = { auth: 'user' };
const kinds = ['ac', 'dc'];
export const listStations = defineContract({
  method: 'POST',
  path: '/api/chargestations/filtered',
  auth: 'user',
  summary: 'Stations near a point',
  tags: ['stations'],
  body: z.object({ lat: z.number() }),
  response: stationSchema,
  status: 201,
  idempotent: true,
});
export const guest = defineContract({ ...base, method: 'GET', path, 'query': z.object({}), response: stationSchema });
export const unrelated = { response: stationSchema };
export const isKind = (value) => kinds.includes(value);`;

const pure = (init: string) => `/* @__PURE__ */ (() => (${init}))()`;

describe('the web build of a module of packages/api or packages/domain', () => {
  const code = clientContracts(module, 'packages/api/src/stations/list-stations.ts')?.code ?? '';

  it('keeps of a contract what the client sends a request with, and drops its schemas, summary and tags', () => {
    expect(code).toContain(
      `export const listStations = ${pure("defineContract({ method: 'POST', path: '/api/chargestations/filtered', auth: 'user', status: 201, idempotent: true })")};`,
    );
    expect(code).toContain(
      `export const guest = ${pure("defineContract({ ...base, method: 'GET', path })")};`,
    );
    expect(code).not.toMatch(/summary|tags|body:|query/);
  });

  it('builds each constant that runs code in a pure call, so an unused one can be left out', () => {
    expect(code).toContain(
      `const stationSchema = ${pure('z.object({ id: z.number({ error: rule.number }) })')};`,
    );
    // Plain values and functions stay as they were.
    expect(code).toContain("const base = { auth: 'user' };");
    expect(code).toContain("const kinds = ['ac', 'dc'];");
    expect(code).toContain('export const unrelated = { response: stationSchema };');
    expect(code).toContain('export const isKind = (value) => kinds.includes(value);');
  });

  it('leaves a module of plain values alone', () => {
    expect(
      clientContracts("export const kinds = ['ac', 'dc'];", 'packages/domain/src/kinds.ts'),
    ).toBeNull();
  });

  it('refuses a contract key it cannot read rather than drop what the client may need', () => {
    expect(() =>
      clientContracts("defineContract({ [key]: 'POST', path: '/x' });", 'packages/api/src/x.ts'),
    ).toThrow(/cannot read/);
  });
});
