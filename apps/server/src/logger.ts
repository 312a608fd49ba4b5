import type { FastifyServerOptions } from 'fastify';

const SECRET_QUERY_KEYS = /^(token|code|password|accessToken|access_token)$/i;

/** A URL for the log, with mailed tokens and codes in the query string hidden. */
export function redactUrl(url: string): string {
  const [pathname, query] = url.split('?', 2);
  if (!query) return url;
  const params = new URLSearchParams(query);
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_KEYS.test(key)) params.set(key, '[redacted]');
  }
  return `${pathname}?${params.toString()}`;
}

/** pino options: JSON lines with the request id; no tokens, passwords or cookies. */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.Password',
        '*.NewPassword',
        '*.ConfirmNewPassword',
        '*.repeat',
        '*.accessToken',
        '*.token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; hostname?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
        hostname: request.hostname,
      }),
    },
  };
}
