import type { Config } from '../config';

/** What the origin is read from: a Fastify request (its protocol and host honour trustProxy). */
export type OriginSource = {
  headers: { origin?: string | string[] | undefined };
  protocol: string;
  host: string;
};

function originOf(text: string): string | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin the driver came from, for links that bring them back (the acquirer's return, the
 * mail links): the request's Origin header, else its Host with the request's protocol (the
 * X-Forwarded-* ones only when TRUST_PROXY is on). Only an origin on ALLOWED_ORIGINS is used;
 * any other, a missing or a spoofed one gives PUBLIC_URL (OWASP ASVS 5.1.5: redirects only to
 * allowed destinations).
 */
export function returnOrigin(
  request: OriginSource,
  config: Pick<Config, 'publicUrl' | 'allowedOrigins'>,
): string {
  const header = request.headers.origin;
  const given = typeof header === 'string' && header !== 'null' ? header : undefined;
  const origin = originOf(given ?? `${request.protocol}://${request.host}`);
  return origin && config.allowedOrigins.includes(origin) ? origin : config.publicUrl;
}
