import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { brandIds } from './brand/brands';

/** The repository root; default paths hang off it so the server starts from any directory. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).optional(),
    BRAND: z.enum(brandIds).default('demo'),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .default('http://localhost:8080')
      .transform((value) => value.replace(/\/+$/, '')),
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('evcharge <no-reply@evcharge.demo>'),
    ACQUIRER: z.enum(['sandbox']).default('sandbox'),
    WEB_DIST: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    SEED_DEMO: booleanText.optional(),
    // Behind a load balancer the client address comes from X-Forwarded-For (rate limits).
    TRUST_PROXY: booleanText.default(false),
    // HTTPS (and wss for charge points: OCPP security profile 2) straight from the server:
    // PEM files of the certificate (with its chain) and the private key, both or neither.
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
    // Unset: GET /metrics answers anyone (keep it off the public network); set: only
    // `Authorization: Bearer <METRICS_TOKEN>`. Long enough not to be guessed.
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .max(200)
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    // OCPP 1.6J (ocpp/): the Heartbeat interval given at BootNotification; a charge point
    // silent for twice that plus the grace is offline. Commands wait this long for an answer.
    OCPP_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    OCPP_HEARTBEAT_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    OCPP_CALL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    // Charging (modules/charges): a start the car does not take up in time is cancelled; a
    // session with no energy flowing for the ghost minutes is stopped; the sweep checks both,
    // and time limits, this often.
    CHARGE_START_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(90),
    CHARGE_GHOST_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(20),
    CHARGE_MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(50).default(2),
    CHARGE_SWEEP_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
  })
  .refine((env) => (env.TLS_CERT_FILE === undefined) === (env.TLS_KEY_FILE === undefined), {
    message: 'TLS_CERT_FILE and TLS_KEY_FILE go together',
    path: ['TLS_KEY_FILE'],
  })
  .refine((env) => env.MAIL_TRANSPORT !== 'smtp' || env.SMTP_URL !== undefined, {
    message: 'SMTP_URL is required when MAIL_TRANSPORT=smtp',
    path: ['SMTP_URL'],
  });

export type Config = {
  port: number;
  host: string;
  /** Unset: the embedded database (PGlite) in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  brand: (typeof brandIds)[number];
  publicUrl: string;
  mail: { transport: 'outbox' } | { transport: 'smtp'; smtpUrl: string; from: string };
  acquirer: 'sandbox';
  webDist: string;
  logLevel: (typeof logLevels)[number];
  seedDemo: boolean;
  trustProxy: boolean;
  /** PEM files: the server answers HTTPS and wss on its port (OCPP security profile 2). */
  tls: { certFile: string; keyFile: string } | undefined;
  /** When set, GET /metrics requires it as a bearer token. */
  metricsToken: string | undefined;
  ocpp: OcppConfig;
  charging: ChargingConfig;
};

export type ChargingConfig = {
  startTimeoutSeconds: number;
  ghostMinutes: number;
  maxSessionsPerUser: number;
  sweepSeconds: number;
};

export type OcppConfig = {
  heartbeatSeconds: number;
  heartbeatGraceSeconds: number;
  callTimeoutSeconds: number;
};

export class ConfigError extends Error {
  constructor(issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// Relative paths given in the environment are taken from the working directory, as a shell
// user expects; the defaults are fixed to the repository.
function resolvePath(value: string | undefined, fallback: string): string {
  return value === undefined ? path.join(repoRoot, fallback) : path.resolve(value);
}

/** Reads the configuration from an environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolvePath(e.DATA_DIR, 'data'),
    brand: e.BRAND,
    publicUrl: e.PUBLIC_URL,
    mail:
      e.MAIL_TRANSPORT === 'smtp' && e.SMTP_URL
        ? { transport: 'smtp', smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }
        : { transport: 'outbox' },
    acquirer: e.ACQUIRER,
    webDist: resolvePath(e.WEB_DIST, 'apps/web/dist'),
    logLevel: e.LOG_LEVEL,
    // Demo data by default only for the embedded database: never seed a real server unasked.
    seedDemo: e.SEED_DEMO ?? e.DATABASE_URL === undefined,
    trustProxy: e.TRUST_PROXY,
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE
        ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    ocpp: {
      heartbeatSeconds: e.OCPP_HEARTBEAT_SECONDS,
      heartbeatGraceSeconds: e.OCPP_HEARTBEAT_GRACE_SECONDS,
      callTimeoutSeconds: e.OCPP_CALL_TIMEOUT_SECONDS,
    },
    charging: {
      startTimeoutSeconds: e.CHARGE_START_TIMEOUT_SECONDS,
      ghostMinutes: e.CHARGE_GHOST_MINUTES,
      maxSessionsPerUser: e.CHARGE_MAX_SESSIONS_PER_USER,
      sweepSeconds: e.CHARGE_SWEEP_SECONDS,
    },
  };
}
