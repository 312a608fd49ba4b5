import { generatePath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { contracts } from '@evcharge/api/index-of-contracts';
import { navigationAllowlist } from '../../pwa.config';
import { isKnownPath, paths } from './paths';
import { routeAllowlist } from './route-allowlist';

const allowed = (path: string) => navigationAllowlist.some((pattern) => pattern.test(path));
/** Every route of the app with sample values for its parameters (`/c/:code`, `/receipt/:id`). */
const samplePaths = Object.values(paths).map((pattern) =>
  generatePath(pattern, { code: 'MOW00007-1', id: '0b6e4f3a-2c1d-4e5f-8a9b-0c1d2e3f4a5b' }),
);

describe('the service worker navigation allow-list', () => {
  it('has one anchored RegExp per route of the app', () => {
    expect(navigationAllowlist).toHaveLength(Object.values(paths).length);
    for (const pattern of navigationAllowlist) {
      expect(pattern.source.startsWith('^')).toBe(true);
      expect(pattern.source.endsWith('$')).toBe(true);
    }
  });

  it('matches every route of the app, with or without a query or a trailing slash', () => {
    for (const path of samplePaths) {
      expect(isKnownPath(path)).toBe(true);
      expect(allowed(path), path).toBe(true);
      expect(allowed(`${path}?locale=en&token=a%20b`), path).toBe(true);
      if (path !== '/') expect(allowed(`${path}/`), path).toBe(true);
    }
  });

  it('matches nothing under or beside a route, nor an empty parameter', () => {
    for (const path of samplePaths.filter((p) => p !== '/')) {
      expect(allowed(`${path}/pdf`), path).toBe(false);
      if (!path.includes('/', 1)) expect(allowed(`${path}x`), path).toBe(false);
      expect(allowed(`/api${path}`), path).toBe(false);
    }
    expect(allowed('/c/')).toBe(false);
    expect(allowed('/receipt/')).toBe(false);
    expect(allowed('/receipt/1/2')).toBe(false);
  });

  it('never matches the server pages the app does not own', () => {
    for (const path of [
      '/acquirer/sandbox/pay/0b6e4f3a',
      '/acquirer/sandbox/pay/0b6e4f3a?return=%2Fcardredirect',
      '/acquirer/sandbox/pay/0b6e4f3a?return=%2Fcallback',
      '/api/acquirer/sandbox/callback',
      '/api/payments/receipts/1/pdf',
      '/api/openapi.json',
      '/auth/login',
      '/admin',
      '/admin/',
      '/admin/support/0b6e4f3a',
      '/admin/moderation',
      '/dev/outbox',
      '/ocpp/CP-1',
      '/health',
      '/ready',
      '/metrics',
      '/app.html',
      '/sw.js',
      '/unknown-page',
    ]) {
      expect(allowed(path), path).toBe(false);
    }
  });

  it('never matches an endpoint of the API contracts', () => {
    const endpoints = Object.values(contracts).map((contract) => contract.path.replace(/:\w+/g, 'sample-1'));
    expect(endpoints.length).toBeGreaterThan(50);
    expect(endpoints.filter(allowed)).toEqual([]);
  });

  it('reads literal segments literally and refuses patterns it cannot translate', () => {
    const [pattern] = routeAllowlist(['/a.b/:id']);
    expect(pattern?.test('/a.b/1')).toBe(true);
    expect(pattern?.test('/axb/1')).toBe(false);
    expect(() => routeAllowlist(['/files/*'])).toThrow(/not supported/);
    expect(() => routeAllowlist(['/c/:code?'])).toThrow(/not supported/);
    expect(() => routeAllowlist(['login'])).toThrow(/must start with/);
  });
});
