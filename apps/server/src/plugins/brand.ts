import type { FastifyInstance } from 'fastify';
import type { BrandConfig } from '@evcharge/api/brand/get-brand';
import { brandForHost } from '../brand/resolve';
import type { Config } from '../config';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The brand this request is for: the one BRAND_HOSTS names for its host name, else the
     * deployment's (`deps.brand`). Decided in brand/resolve.ts, read where the browser gets
     * something of the brand (the page, the manifest, GET /api/brand, legal texts) and where
     * texts and money go out in a driver's request (mail, SMS, payment descriptions).
     */
    readonly brand: BrandConfig;
  }
}

export function registerBrand(app: FastifyInstance, config: Pick<Config, 'brand' | 'brandHosts'>) {
  // A getter: most requests (charge points' sockets, the station list) never ask. Host names
  // come from the Host header (X-Forwarded-Host only with TRUST_PROXY, as Fastify reads it).
  app.decorateRequest('brand', {
    getter() {
      return brandForHost(this.hostname, config.brandHosts, config.brand);
    },
  });
}
