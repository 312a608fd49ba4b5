import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '@evcharge/api/index-of-contracts';
import { pwaWorkbox } from '../../../web/pwa.config';
import { startTestServer, type TestServer } from '../test/harness';

// The web app's service worker answers a navigation with the app's shell only for the app's
// own routes (apps/web/pwa.config.ts). Every route this server registers, whoever adds it and
// whenever, must go to the network instead: the acquirer's card page once answered "Page not
// found" from an installed service worker.

/** Fills every `:param` (find-my-way prints `:Id|:id` where two names share a place) and `*`. */
const sample = (route: string) =>
  route.replace(/:\w+(?:\|:\w+)*/g, 'sample-1').replace(/\*/g, 'any/file.js');

/**
 * Every registered path, from Fastify's printed radix tree: a node's path is its parent's plus
 * its own text, and a node with methods in brackets is a route.
 */
function registeredRoutes(tree: string): string[] {
  const prefixes: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    prefixes.length = depth;
    const full = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes[depth] = full;
    if (match[3]) routes.push(full);
  }
  return routes;
}

/**
 * Whether the built service worker answers a navigation to `url` with the shell: workbox's
 * NavigationRoute tests pathname + search against the allow-list (default: everything), then
 * the deny-list.
 */
function answeredByShell(url: string): boolean {
  const allowlist = pwaWorkbox?.navigateFallbackAllowlist ?? [/./];
  const denylist = pwaWorkbox?.navigateFallbackDenylist ?? [];
  if (!pwaWorkbox?.navigateFallback) return false;
  return allowlist.some((p) => p.test(url)) && !denylist.some((p) => p.test(url));
}

describe('the service worker navigation fallback and the server routes', () => {
  let server: TestServer;
  let webDist: string;
  let routes: string[];

  beforeAll(async () => {
    // A built web app, so the static files' routes are registered too.
    webDist = mkdtempSync(path.join(tmpdir(), 'evcharge-web-dist-'));
    for (const file of ['index.html', 'app.html']) writeFileSync(path.join(webDist, file), '<!doctype html>');
    server = await startTestServer({ config: { webDist } });
    routes = registeredRoutes(server.app.printRoutes());
  });

  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('reads the whole route table: every contract, the acquirer pages, /dev and the probes', () => {
    const registered = new Set(routes.map(sample));
    const expected = [
      ...Object.values(contracts).map((contract) => contract.path),
      '/acquirer/sandbox/pay/:id',
      '/acquirer/sandbox/3ds/:id',
      '/dev/outbox',
      '/admin',
      '/admin/*',
      '/*',
      '/api/receipts/:id/pdf',
      '/api/openapi.json',
      '/health',
      '/ready',
      '/metrics',
    ];
    for (const route of expected) expect(registered, route).toContain(sample(route));
  });

  it('answers no registered server route with the app shell, with or without a query', () => {
    // The map home's page itself (the server writes the host's brand into it,
    // plugins/branded-web.ts): the shell is what it is.
    const appPages = new Set(['/']);
    const matched = routes
      .map(sample)
      .filter((url) => !appPages.has(url))
      .flatMap((url) => [url, `${url}?return=%2Fcardredirect`])
      .filter(answeredByShell);
    expect(matched).toEqual([]);
  });

  it('answers no path under the server prefixes with the app shell, routed or not', () => {
    const paths = ['/ocpp/CP-1', '/api/unknown', '/auth', '/dev', '/admin/', '/admin/support/x', '/acquirer/x'];
    expect(paths.filter(answeredByShell)).toEqual([]);
  });

  it('is a test that can fail: a route the app also owns would be caught', () => {
    expect(registeredRoutes('├── /api/x (GET)\n│   └── /y (POST)\n└── /login (GET)')).toEqual([
      '/api/x',
      '/api/x/y',
      '/login',
    ]);
    expect(answeredByShell('/login')).toBe(true);
  });
});
