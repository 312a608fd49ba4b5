import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError } from '@evcharge/domain/errors';
import { brandById } from '../brand/brands';
import { registerBrand } from './brand';
import { errorHandler, registerErrorHandler, sendError } from './errors';
import {
  apiSecurityHeaders,
  registerSecurityHeaders,
  securityHeaderOptions,
  securityHeaders,
  staticSecurityHeaders,
  withSecurityHeaders,
} from './security';

describe('staticSecurityHeaders', () => {
  it("are helmet's headers for our options, HSTS only over TLS", async () => {
    const plain = await staticSecurityHeaders(securityHeaderOptions(brandById('demo'), 'http://x'));
    expect(plain).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    expect(plain['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-type']).toBeUndefined();
    const tls = await staticSecurityHeaders(securityHeaderOptions(brandById('demo'), 'https://x'));
    expect(tls['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('the page policy and the brand\'s counter', () => {
  const csp = async (brand: Parameters<typeof securityHeaderOptions>[0]) =>
    (await staticSecurityHeaders(securityHeaderOptions(brand, 'http://x')))[
      'content-security-policy'
    ]!;

  it('allows no other script origin for a brand without a counter', async () => {
    const policy = await csp({ ...brandById('demo'), analytics: { kind: 'none' } });
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
  });

  it("allows the brand's Matomo server for its script, reports and pixel", async () => {
    const policy = await csp(brandById('volt'));
    expect(policy).toContain("script-src 'self' https://stats.volt.demo;");
    expect(policy).toContain("connect-src 'self' https://stats.volt.demo;");
    expect(policy).toMatch(/img-src [^;]*https:\/\/stats\.volt\.demo/);
  });

  it('allows Yandex Metrica only for a brand that names it', async () => {
    const policy = await csp({ ...brandById('demo'), analytics: { kind: 'yandexMetrica', id: 42 } });
    expect(policy).toContain("script-src 'self' https://mc.yandex.ru https://yastatic.net;");
    expect(await csp(brandById('demo'))).not.toContain('yandex');
  });
});

describe('apiSecurityHeaders', () => {
  it('keep what a JSON answer needs, with a CSP that allows nothing, and HSTS over TLS', async () => {
    const tls = await staticSecurityHeaders(securityHeaderOptions(brandById('demo'), 'https://x'));
    expect(apiSecurityHeaders(tls)).toEqual({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cache-control': 'no-store',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    });
  });
});

describe('the headers of an answer, whatever its status', () => {
  it('are the same on a 500, a 404 and a refused URL of one path, no-store included', async () => {
    const config = { publicUrl: 'https://x', brand: 'demo', brandHosts: {} } as const;
    const headers = await securityHeaders(config);
    const app = Fastify({ logger: false, frameworkErrors: withSecurityHeaders(headers, errorHandler) });
    registerBrand(app, config);
    registerErrorHandler(app);
    registerSecurityHeaders(app, headers);
    for (const path of ['/api/boom/:id', '/pay/boom/:id']) {
      app.get(path, async () => {
        throw new Error('a fault of ours');
      });
    }
    app.setNotFoundHandler((_request, reply) => sendError(reply, new AppError('NOT_FOUND')));
    const own = new Set(['x-request-id', 'content-length', 'date', 'connection', 'keep-alive']);
    const headersOf = async (url: string, status: number) => {
      const answer = await app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(status);
      return Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !own.has(name)));
    };
    for (const [base, expected] of [
      ['/api', headers.api],
      ['/pay', headers.page.get('demo')!],
    ] as const) {
      const fault = await headersOf(`${base}/boom/1`, 500);
      expect(fault).toEqual({
        ...expected,
        'cache-control': 'no-store',
        'content-type': 'application/json; charset=utf-8',
      });
      expect(await headersOf(`${base}/nowhere`, 404)).toEqual(fault);
      expect(await headersOf(`${base}/boom/%zz`, 400)).toEqual(fault);
    }
    await app.close();
  });
});
