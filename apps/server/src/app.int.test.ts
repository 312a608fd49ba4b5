import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '@evcharge/api/auth/sign-in';
import { contracts } from '@evcharge/api/index-of-contracts';
import { BODY_LIMIT_BYTES } from './app';
import { loggerOptions } from './logger';
import { createUser, signInAs } from './test/builders';
import { startTestServer, type TestServer } from './test/harness';

let server: TestServer;
let webDist: string;
const logLines: string[] = [];

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'evcharge-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>evcharge</title><main>fake app</main>');
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  server = await startTestServer({
    config: { webDist },
    logger: { ...(loggerOptions('info') as object), stream },
  });
});
afterAll(async () => {
  await server?.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('OpenAPI', () => {
  it('GET /api/openapi.json lists every contract with its method', async () => {
    const res = await server.fetch('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const contract of Object.values(contracts)) {
      const openApiPath = contract.path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[contract.method.toLowerCase()];
      expect(operation, `${contract.method} ${contract.path}`).toBeDefined();
      expect(Boolean(operation?.security)).toBe(contract.auth === 'user');
    }
    expect(doc.paths['/health']).toBeUndefined();
  });
});

describe('errors', () => {
  it.each(['/api/nope', '/auth/nope', '/api/users/self/extra'])(
    'unknown %s answers 404 JSON',
    async (p) => {
      for (const accept of ['application/json', 'text/html']) {
        const res = await server.fetch(p, { headers: { accept } });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ code: 'NOT_FOUND', message: 'Not found' });
      }
    },
  );

  it('answers 400 for malformed JSON and 413 for a body over the limit', async () => {
    const post = (body: string) =>
      server.fetch('/auth/v2/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
    const malformed = await post('{"login": ');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const huge = await post(JSON.stringify({ login: 'x'.repeat(BODY_LIMIT_BYTES + 10) }));
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const poisoned = await post(
      '{"__proto__": {"admin": true}, "login": "a", "password": "b", "userType": 2}',
    );
    expect(poisoned.status).toBe(400);
    const constructorPoisoned = await post('{"constructor": {"prototype": {"admin": true}}}');
    expect(constructorPoisoned.status).toBe(400);
    expect((await post('')).status).toBe(400);
    const wrongType = await server.fetch('/auth/v2/signin', {
      method: 'POST',
      headers: { 'content-type': 'application/xml' },
      body: '<a/>',
    });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('operations', () => {
  it('GET /health and GET /ready', async () => {
    expect(await (await server.fetch('/health')).json()).toEqual({ status: 'ok' });
    const ready = await server.fetch('/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });
  });

  it('sets the page security headers on pages and a request id on every answer', async () => {
    const res = await server.fetch('/dev/outbox', { headers: { accept: 'text/html' } });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toMatch(/img-src[^;]*https:\/\/tile\.openstreetmap\.org/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives JSON answers the API security headers: nothing may load, frame or sniff them', async () => {
    const res = await server.fetch('/api/language');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(res.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // The rate limit speaks only when reached (plugins/rate-limit.int.test.ts).
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
  });

  it('logs requests with ids but never passwords or tokens', async () => {
    const user = await createUser(server.db, { password: 'LogSecret77' });
    const token = await signInAs(server, user);
    await server.fetch('/api/users/self', { headers: { authorization: `Bearer ${token}` } });
    await server.fetch('/confirm_page?token=SECRETLINKTOKEN&x=1', {
      headers: { accept: 'text/html' },
    });
    await server.call(signIn, {
      body: { login: user.email, password: 'LogSecret77', userType: 2 },
    });
    const logs = logLines.join('');
    expect(logs).toContain('"reqId"');
    expect(logs).toContain('/confirm_page?token=%5Bredacted%5D');
    for (const secret of ['LogSecret77', token, 'SECRETLINKTOKEN'])
      expect(logs).not.toContain(secret);
  });
});

describe('the web app', () => {
  it('serves index.html for app routes (history mode) and assets as files', async () => {
    for (const route of ['/', '/login', '/detailStation', '/c/MOW000011', '/resetPage?token=abc']) {
      const res = await server.fetch(route, {
        headers: { accept: 'text/html,application/xhtml+xml' },
      });
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('fake app');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await server.fetch('/assets/app-1234.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('does not answer missing files, non-HTML requests or server paths with the app', async () => {
    expect((await server.fetch('/assets/missing.js', { headers: { accept: '*/*' } })).status).toBe(
      404,
    );
    expect(
      (await server.fetch('/profile', { headers: { accept: 'application/json' } })).status,
    ).toBe(404);
    const post = await server.fetch('/profile', {
      method: 'POST',
      headers: { accept: 'text/html' },
    });
    expect(post.status).toBe(404);
    for (const p of ['/api/x', '/auth/x', '/dev/x', '/ocpp/x', '/health/x']) {
      const res = await server.fetch(p, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
  });

  it('answers /admin/ pages, without a built console, with a page saying how to build it', async () => {
    expect((await server.fetch('/admin', { redirect: 'manual' })).headers.get('location')).toBe('/admin/');
    for (const p of ['/admin/', '/admin/support/1']) {
      const res = await server.fetch(p, { headers: { accept: 'text/html' } });
      expect(res.status, p).toBe(200);
      const html = await res.text();
      expect(html).toContain('Staff console is not built');
      expect(html).toContain('npm run build -w @evcharge/console');
      expect(html).not.toContain('fake app');
    }
  });
});
