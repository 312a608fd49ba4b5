import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Brand } from '@evcharge/api/brand/get-brand';
import { tileOrigin } from '../brand/brands';

/** DESIGN.md Operations: strict CSP (no inline script), no framing, HSTS only over TLS. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  brand: Brand,
  publicUrl: string,
): Promise<void> {
  await app.register(helmet, {
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
  });
}
