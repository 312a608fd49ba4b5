import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

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

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Parent = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger that becomes a pino child (with the request id) only when something is
 * logged at an enabled level. Fastify makes a child logger for every request, and at the
 * production level most requests never log: making pino children anyway cost about a
 * quarter of a station search's time (bench/RESULTS.md).
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  private write(level: Level, args: LogArgs): void {
    if (this.#child || this.parent.isLevelEnabled?.(level) !== false) {
      (this.real()[level] as (...a: LogArgs) => void)(...args);
    }
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: LogArgs): void {
    this.write('fatal', args);
  }
  error(...args: LogArgs): void {
    this.write('error', args);
  }
  warn(...args: LogArgs): void {
    this.write('warn', args);
  }
  info(...args: LogArgs): void {
    this.write('info', args);
  }
  debug(...args: LogArgs): void {
    this.write('debug', args);
  }
  trace(...args: LogArgs): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's childLoggerFactory: lazy request loggers, unless a route sets its own level. */
export const lazyChildLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger =>
  options.level === undefined
    ? new LazyRequestLogger(logger, bindings, options)
    : logger.child(bindings, options);

/**
 * A request's id (DESIGN.md Observability: on every log line and in X-Request-Id): a random
 * UUID as one flat string. Node builds randomUUID() by joining its pieces, which V8 keeps as a
 * tree of fourteen strings (about 490 B against 63 B flat) for as long as the request lives,
 * and a held long poll lives for its whole wait; reading a character flattens it in place.
 */
export function newRequestId(): string {
  const id = randomUUID();
  id.charCodeAt(0);
  return id;
}
