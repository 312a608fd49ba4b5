import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Brand } from '@evcharge/api/brand/get-brand';
import { brandIds, brandById, tileOrigin } from '../brand/brands';
import { counterSources } from '../brand/counter';
import { isApiPath } from './api-path';

/**
 * DESIGN.md Operations, for pages: strict CSP (no inline script), no framing, HSTS only over TLS.
 * The brand's map tiles and its external analytics counter (SPEC §1), when it names one, are
 * the only other origins allowed.
 */
export function securityHeaderOptions(brand: Brand, publicUrl: string): FastifyHelmetOptions {
  const counter = counterSources(brand.analytics);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...counter.script],
        // Leaflet and React set element styles, and the page carries the brand's colours in a
        // <style> (plugins/brand-page.ts); no script is ever inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(brand), ...counter.img],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...counter.connect],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: publicUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    // X-Frame-Options for old browsers, matching frame-ancestors 'none'.
    frameguard: { action: 'deny' },
    // Tiles and the acquirer's card page come from other origins.
    crossOriginEmbedderPolicy: false,
  };
}

// Headers of the probe's answer that are not helmet's.
const ownHeaders = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/**
 * The headers helmet sets with these options, found once by asking a throwaway Fastify with
 * @fastify/helmet. Our options are the same for every request, yet @fastify/helmet builds
 * helmet's middleware again per request: that alone halved the throughput of a small route.
 */
export async function staticSecurityHeaders(
  options: FastifyHelmetOptions,
): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => 'probe');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return Object.fromEntries(
    Object.entries(response.headers)
      .filter(([name]) => !ownHeaders.has(name))
      .map(([name, value]) => [name, String(value)]),
  );
}

/**
 * What a JSON answer needs of them (OWASP REST Security Cheat Sheet): no sniffing, no
 * framing, no referrer, same-origin reads and HSTS, with a CSP that allows nothing. The page
 * policies (script and style sources, COOP, origin-agent-cluster, old IE switches) mean
 * nothing to JSON, and each header is work on every answer of the busiest routes.
 */
export function apiSecurityHeaders(pageHeaders: Record<string, string>): Record<string, string> {
  const kept = [
    'cross-origin-resource-policy',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-frame-options',
  ];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    // OWASP ASVS 8.2.1: answers carry tokens and personal data; no browser or proxy keeps
    // them. The public ones (stations, brand) are kept on the server instead (kept answers).
    'cache-control': 'no-store',
    ...Object.fromEntries(Object.entries(pageHeaders).filter(([name]) => kept.includes(name))),
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
): Promise<void> {
  // Per brand: the page's policy allows the brand's tiles and counter (request.brand).
  const pageHeaders = new Map<string, Record<string, string>>();
  for (const id of brandIds) {
    const brand = brandById(id);
    pageHeaders.set(id, await staticSecurityHeaders(securityHeaderOptions(brand, publicUrl)));
  }
  // The API's answers are the same for every brand: they allow nothing.
  const apiHeaders = apiSecurityHeaders(pageHeaders.values().next().value!);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiPath(request.url) ? apiHeaders : pageHeaders.get(request.brand.id)!);
    reply.header('x-request-id', request.id);
    done();
  });
}
