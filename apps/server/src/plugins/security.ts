import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { AppError } from '@evcharge/domain/errors';
import type { Brand } from '@evcharge/api/brand/get-brand';
import { brandIds, brandById, tileOrigin } from '../brand/brands';
import { brandForHost } from '../brand/resolve';
import type { Config } from '../config';
import { counterSources } from '../brand/counter';
import { newRequestId } from '../logger';
import { isApiPath } from './api-path';
import { codeForStatus } from './errors';

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

/** The headers of every answer: the pages' (per brand: its tiles and counter) and the API's. */
export type SecurityHeaders = {
  page: ReadonlyMap<string, Record<string, string>>;
  api: Record<string, string>;
  /** The brand of a request Fastify has not decorated (`frameworkErrors`): as request.brand. */
  brandOf: (request: FastifyRequest) => string;
};

export async function securityHeaders(
  config: Pick<Config, 'publicUrl' | 'brand' | 'brandHosts'>,
): Promise<SecurityHeaders> {
  // Per brand: the page's policy allows the brand's tiles and counter (request.brand).
  const page = new Map<string, Record<string, string>>();
  for (const id of brandIds) {
    page.set(id, await staticSecurityHeaders(securityHeaderOptions(brandById(id), config.publicUrl)));
  }
  return {
    page,
    // The API's answers are the same for every brand: they allow nothing.
    api: apiSecurityHeaders(page.values().next().value!),
    brandOf: (request) => brandForHost(request.hostname, config.brandHosts, config.brand).id,
  };
}

/** Answers that are data, not pages: the API's, and the roaming partners' (OCPI 2.2.1, JSON). */
export function isDataPath(url: string): boolean {
  return isApiPath(url) || /^\/ocpi(\/|\?|$)/.test(url);
}

/** Puts the headers of the request's path and brand, and the request id, on its answer. */
export function setSecurityHeaders(
  headers: SecurityHeaders,
  request: FastifyRequest,
  reply: FastifyReply,
  brand: string = request.brand.id,
): void {
  reply.headers(isDataPath(request.url) ? headers.api : headers.page.get(brand)!);
  reply.header('x-request-id', request.id);
}

/** On every answer a route or the not-found handler gives (and the errors they end in). */
export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(headers, request, reply);
    done();
  });
}

/**
 * Fastify's `frameworkErrors`: the router refused the URL (a malformed escape, a parameter over
 * its length) before any hook ran; the answer gets the headers all the same.
 */
export function withSecurityHeaders(
  headers: SecurityHeaders,
  handler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => FastifyReply,
) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    setSecurityHeaders(headers, request, reply, headers.brandOf(request));
    return handler(error, request, reply);
  };
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (headers over its
 * limit, a malformed request line, a timeout) before there is a request or a brand. As
 * Fastify's own, plus the API's headers (they allow nothing) and the JSON error body.
 */
export function clientErrorAnswer(headers: SecurityHeaders) {
  return function answer(
    this: FastifyInstance,
    error: Error & { code?: string },
    socket: Duplex,
  ): void {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = JSON.stringify(new AppError(codeForStatus(status)).toBody());
    this.log.trace({ err: error }, 'client error');
    if (socket.writable) {
      const lines = [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        ...Object.entries(headers.api).map(([name, value]) => `${name}: ${value}`),
        `x-request-id: ${newRequestId()}`,
        'content-type: application/json; charset=utf-8',
        `content-length: ${Buffer.byteLength(body)}`,
        'connection: close',
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    }
    socket.destroy(error);
  };
}
