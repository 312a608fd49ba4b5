import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Brand } from '@evcharge/api/brand/get-brand';
import { tileOrigin } from '../brand/brands';

/** DESIGN.md Operations: strict CSP (no inline script), no framing, HSTS only over TLS. */
export function securityHeaderOptions(brand: Brand, publicUrl: string): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Leaflet and React set element styles; no script is ever inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileOrigin(brand)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
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

export async function registerSecurityHeaders(
  app: FastifyInstance,
  brand: Brand,
  publicUrl: string,
): Promise<void> {
  const headers = await staticSecurityHeaders(securityHeaderOptions(brand, publicUrl));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
