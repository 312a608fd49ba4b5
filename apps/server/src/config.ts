import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { brandIds, isBrandId, type BrandId } from './brand/brands';
import { DEFAULT_POOL_SIZE } from './db/pool-size';
import { defaultMessageLimits } from './ocpp/message-limit';
import { logLevels, type Config } from './config-types';
import { serverDir } from './server-dir';

export type {
  ChargingConfig,
  Config,
  OcpiConfig,
  OcppConfig,
  PushConfig,
  SmsConfig,
} from './config-types';

/** The repository root; default paths hang off it so the server starts from any directory. */
export const repoRoot = path.join(serverDir, '../../');

const booleanText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A host name as a Host header carries it, without the port (RFC 1123 labels). */
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).optional(),
    // Connections to PostgreSQL per instance (db/pool-size.ts); each instance
    // holds this many, so instances × this stays under the server's max_connections.
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(DEFAULT_POOL_SIZE),
    // Server processes on this machine sharing its port (instances.ts): a number, or `auto` for
    // one per core. Each is a whole instance (docs/deploy.md), so above 1 needs DATABASE_URL.
    INSTANCES: z
      .string()
      .optional()
      .transform((value, context) => {
        if (value === undefined) return 1;
        if (value === 'auto') return availableParallelism();
        const count = Number(value);
        if (/^\d+$/.test(value) && count >= 1 && count <= 64) return count;
        context.addIssue({
          code: 'custom',
          message: 'must be a whole number from 1 to 64, or auto (one per core)',
        });
        return z.NEVER;
      }),
    BRAND: z.enum(brandIds).default('demo'),
    // One deployment, several brands: `host=brand` pairs, comma-separated
    // ("volt.example=volt, www.volt.example=volt"); any other host gets BRAND.
    BRAND_HOSTS: z
      .string()
      .transform((value, context) => {
        const hosts: Record<string, BrandId> = {};
        for (const entry of value.split(',').map((part) => part.trim()).filter(Boolean)) {
          const [host = '', brand = '', ...rest] = entry.split('=').map((part) => part.trim());
          const name = host.toLowerCase();
          if (rest.length > 0 || !HOST_NAME.test(name) || !isBrandId(brand)) {
            context.addIssue({
              code: 'custom',
              message: `"${entry}" must be host=brand with a host name (no port) and one of ${brandIds.join(', ')}`,
            });
            return z.NEVER;
          }
          if (Object.hasOwn(hosts, name)) {
            context.addIssue({ code: 'custom', message: `${name} is named twice` });
            return z.NEVER;
          }
          hosts[name] = brand;
        }
        return hosts;
      })
      .optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .default('http://localhost:8080')
      .transform((value) => value.replace(/\/+$/, '')),
    // Demo mode: the outbox transport, the /dev pages and the inbound SMS without a secret, so
    // anyone can read every mail and code (OWASP ASVS 14.3: no debug features in production).
    DEMO_MODE: booleanText.default(false),
    NODE_ENV: z.string().optional(),
    // Unset: the outbox in demo mode, SMTP otherwise.
    MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).optional(),
    // Origins the app may be opened on: links back to the driver (the acquirer's return, mail
    // links) use the one the request came from when it is listed (http/origin.ts).
    ALLOWED_ORIGINS: z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      )
      .pipe(
        z.array(
          z
            .url({ protocol: /^https?$/ })
            .refine((value) => URL.canParse(value) && new URL(value).origin === value, {
              message: 'must be an origin like https://app.example.com (no path, no trailing /)',
            }),
        ),
      )
      .optional(),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('evcharge <no-reply@evcharge.demo>'),
    ACQUIRER: z.enum(['sandbox']).default('sandbox'),
    // The sandbox is a test bank: its test cards pay for top-ups and charging without money. A
    // staging server run with NODE_ENV=production says it wants it; the log and the bank's page
    // then say it is a test bank.
    ACQUIRER_SANDBOX_IN_PRODUCTION: booleanText.default(false),
    WEB_DIST: z.string().min(1).optional(),
    // The staff console's build (apps/console), served at /admin/ (SPEC §6).
    CONSOLE_DIST: z.string().min(1).optional(),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    SEED_DEMO: booleanText.optional(),
    // Behind a load balancer the client address comes from X-Forwarded-For (rate limits).
    TRUST_PROXY: booleanText.default(false),
    // HTTPS (and wss for charge points: OCPP security profile 2) straight from the server:
    // PEM files of the certificate (with its chain) and the private key, both or neither.
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
    // Several instances behind a load balancer count rate limits and wrong passwords together
    // in this Redis (redis://host:port/db); unset: each instance counts on its own, in memory.
    REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
    // Unset: GET /metrics answers anyone (keep it off the public network); set: only
    // `Authorization: Bearer <METRICS_TOKEN>`. Long enough not to be guessed.
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .max(200)
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    // Web Push (modules/push): the VAPID key pair (base64url, as `web-push generate-vapid-keys`
    // prints it) and the contact the push services see. Unset keys: the server makes a pair
    // once and keeps it in the database (docs/decisions/007).
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key, 65 bytes in base64url')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, 32 bytes in base64url')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
      .optional(),
    // Push endpoints are https; tests (and a local push service) may allow plain http.
    WEB_PUSH_ALLOW_HTTP: booleanText.default(false),
    // OCPP 1.6J (ocpp/): the Heartbeat interval given at BootNotification; a charge point
    // silent for twice that plus the grace is offline. Commands wait this long for an answer.
    OCPP_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
    OCPP_HEARTBEAT_GRACE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    OCPP_CALL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
    /** OCPP 1.6 §3.5.3: how often every charge point's local list is checked against the tags. */
    OCPP_LOCAL_LIST_SYNC_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    // What one charge point may send (ocpp/message-limit.ts): a burst, then a sustained rate;
    // the excess is refused with a CALLERROR (transaction messages never are), and a flood
    // this many times above the limit is disconnected.
    OCPP_MESSAGE_BURST: z.coerce
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(defaultMessageLimits.burst),
    OCPP_MESSAGES_PER_SECOND: z.coerce
      .number()
      .positive()
      .max(1000)
      .default(defaultMessageLimits.perSecond),
    OCPP_FLOOD_FACTOR: z.coerce
      .number()
      .int()
      .min(2)
      .max(1000)
      .default(defaultMessageLimits.floodFactor),
    // Roaming over OCPI 2.2.1 (ocpi/, modules/roaming): who we are on the network (§7.3.1
    // CredentialsRole), how long a call to a partner may take, and how often its locations and
    // tariffs are pulled again (pushes keep them current between pulls).
    OCPI_COUNTRY_CODE: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')
      .default('RU'),
    OCPI_PARTY_ID: z
      .string()
      .regex(/^[A-Za-z0-9]{3}$/, 'must be three letters or digits')
      .default('EVC'),
    OCPI_CALL_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(15),
    OCPI_PULL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    /** Where partners reach our OCPI endpoints; PUBLIC_URL unless they come another way. */
    OCPI_PUBLIC_URL: z.url().optional(),
    /**
     * Partners to register with at start (OCPI 2.2.1 §7.2.1): "<versions URL> <token A>",
     * several separated by commas. A partner registered already is left as it is.
     */
    OCPI_REGISTER_WITH: z
      .string()
      .default('')
      .transform((text, context) => {
        const pairs: { versionsUrl: string; tokenA: string }[] = [];
        for (const item of text.split(',').map((part) => part.trim()).filter(Boolean)) {
          const [versionsUrl, tokenA, ...rest] = item.split(/\s+/);
          if (!versionsUrl || !tokenA || rest.length > 0 || !URL.canParse(versionsUrl)) {
            context.addIssue({ code: 'custom', message: 'must be "<versions URL> <token A>", comma-separated' });
            return z.NEVER;
          }
          pairs.push({ versionsUrl, tokenA });
        }
        return pairs;
      }),
    // Charging (modules/sessions): a start the car does not take up in time is cancelled; a
    // session with no energy flowing for the ghost minutes is stopped; the sweep checks both,
    // and time limits, this often.
    CHARGE_START_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(90),
    CHARGE_GHOST_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(20),
    // A connector reported free while its session runs: the StopTransaction may follow this
    // long before the session is closed on its meter (modules/sessions/close-without-stop.ts).
    CHARGE_STOP_GRACE_SECONDS: z.coerce.number().min(0.05).max(3600).default(120),
    CHARGE_MAX_SESSIONS_PER_USER: z.coerce.number().int().min(1).max(50).default(2),
    CHARGE_SWEEP_SECONDS: z.coerce.number().min(0.05).max(600).default(5),
    // Retention (modules/sessions/retention.ts): drivers' charge events (the long poll's feed)
    // and sessions' meter readings older than this are deleted, never those an open session or
    // a bill still to settle needs.
    CHARGE_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    CHARGING_SAMPLES_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    // Sessions (OWASP ASVS 3.3): a token ends this many days after sign-in, or after this many
    // days unused, whichever comes first; then the app asks to sign in again.
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    // Phone confirmation by QR (modules/phone): the SMS gateway posts messages to our inbound
    // number with this secret; unset, only the outbox transport (development) takes them.
    SMS_INBOUND_SECRET: z
      .string()
      .min(16, 'must be at least 16 characters')
      .max(200)
      .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
      .optional(),
    // The number the QR code's SMS goes to (E.164); unset: a demo number of the brand's country.
    SMS_INBOUND_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'must be an E.164 number like +79001234567')
      .optional(),
  })
  .refine((env) => env.INSTANCES === 1 || env.DATABASE_URL !== undefined, {
    message:
      'several instances need DATABASE_URL: the embedded database serves one process (set INSTANCES=1)',
    path: ['INSTANCES'],
  })
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine((env) => (env.TLS_CERT_FILE === undefined) === (env.TLS_KEY_FILE === undefined), {
    message: 'TLS_CERT_FILE and TLS_KEY_FILE go together',
    path: ['TLS_KEY_FILE'],
  })
  .refine((env) => !(env.DEMO_MODE && env.NODE_ENV === 'production'), {
    message:
      'demo mode (a public outbox and /dev pages) is refused with NODE_ENV=production: set DEMO_MODE=false',
    path: ['DEMO_MODE'],
  })
  // The demo data's accounts and charge-point passwords are printed in the README.
  .refine((env) => !(env.SEED_DEMO === true && env.NODE_ENV === 'production'), {
    message:
      'demo data (accounts and charge points with public passwords) is refused with NODE_ENV=production: set SEED_DEMO=false',
    path: ['SEED_DEMO'],
  })
  .refine(
    (env) =>
      !(env.ACQUIRER === 'sandbox' && env.NODE_ENV === 'production') ||
      env.ACQUIRER_SANDBOX_IN_PRODUCTION,
    {
      message:
        'the sandbox acquirer (a test bank: its test cards pay without money) is refused with NODE_ENV=production: a staging server that wants it sets ACQUIRER_SANDBOX_IN_PRODUCTION=true',
      path: ['ACQUIRER'],
    },
  )
  .refine((env) => env.MAIL_TRANSPORT !== 'outbox' || env.DEMO_MODE, {
    message:
      'the outbox shows every mail to anyone and exists only in demo mode: set MAIL_TRANSPORT=smtp with SMTP_URL (or DEMO_MODE=true)',
    path: ['MAIL_TRANSPORT'],
  })
  .refine((env) => mailTransport(env) !== 'smtp' || env.SMTP_URL !== undefined, {
    message:
      'SMTP_URL is required: mail goes out by SMTP outside demo mode (DEMO_MODE=true keeps it in the outbox)',
    path: ['SMTP_URL'],
  });

function mailTransport(env: { MAIL_TRANSPORT?: 'outbox' | 'smtp'; DEMO_MODE: boolean }) {
  return env.MAIL_TRANSPORT ?? (env.DEMO_MODE ? 'outbox' : 'smtp');
}

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
    databasePoolSize: e.DATABASE_POOL_SIZE,
    instances: e.INSTANCES,
    dataDir: resolvePath(e.DATA_DIR, 'data'),
    brand: e.BRAND,
    brandHosts: e.BRAND_HOSTS ?? {},
    publicUrl: e.PUBLIC_URL,
    demoMode: e.DEMO_MODE,
    allowedOrigins: e.ALLOWED_ORIGINS ?? [new URL(e.PUBLIC_URL).origin],
    mail:
      mailTransport(e) === 'smtp' && e.SMTP_URL
        ? { transport: 'smtp', smtpUrl: e.SMTP_URL, from: e.MAIL_FROM }
        : { transport: 'outbox' },
    acquirer: e.ACQUIRER,
    sandboxInProduction:
      e.ACQUIRER === 'sandbox' && e.NODE_ENV === 'production' && e.ACQUIRER_SANDBOX_IN_PRODUCTION,
    webDist: resolvePath(e.WEB_DIST, 'apps/web/dist'),
    consoleDist: resolvePath(e.CONSOLE_DIST, 'apps/console/dist'),
    logLevel: e.LOG_LEVEL,
    // Demo data by default only for the embedded database: never seed a real server unasked.
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV !== 'production' && e.DATABASE_URL === undefined),
    trustProxy: e.TRUST_PROXY,
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE
        ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) }
        : undefined,
    metricsToken: e.METRICS_TOKEN,
    redisUrl: e.REDIS_URL,
    push: {
      vapid:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT,
      allowHttpEndpoints: e.WEB_PUSH_ALLOW_HTTP,
    },
    ocpp: {
      heartbeatSeconds: e.OCPP_HEARTBEAT_SECONDS,
      heartbeatGraceSeconds: e.OCPP_HEARTBEAT_GRACE_SECONDS,
      callTimeoutSeconds: e.OCPP_CALL_TIMEOUT_SECONDS,
      localListSyncSeconds: e.OCPP_LOCAL_LIST_SYNC_SECONDS,
      messageLimits: {
        burst: e.OCPP_MESSAGE_BURST,
        perSecond: e.OCPP_MESSAGES_PER_SECOND,
        floodFactor: e.OCPP_FLOOD_FACTOR,
      },
    },
    ocpi: {
      countryCode: e.OCPI_COUNTRY_CODE.toUpperCase(),
      partyId: e.OCPI_PARTY_ID.toUpperCase(),
      callTimeoutSeconds: e.OCPI_CALL_TIMEOUT_SECONDS,
      pullMinutes: e.OCPI_PULL_MINUTES,
      registerWith: e.OCPI_REGISTER_WITH,
      publicUrl: (e.OCPI_PUBLIC_URL ?? e.PUBLIC_URL).replace(/\/$/, ''),
    },
    charging: {
      startTimeoutSeconds: e.CHARGE_START_TIMEOUT_SECONDS,
      ghostMinutes: e.CHARGE_GHOST_MINUTES,
      stopGraceSeconds: e.CHARGE_STOP_GRACE_SECONDS,
      maxSessionsPerUser: e.CHARGE_MAX_SESSIONS_PER_USER,
      sweepSeconds: e.CHARGE_SWEEP_SECONDS,
      eventsRetentionDays: e.CHARGE_EVENTS_RETENTION_DAYS,
      samplesRetentionDays: e.CHARGING_SAMPLES_RETENTION_DAYS,
    },
    sms: { inboundSecret: e.SMS_INBOUND_SECRET, inboundNumber: e.SMS_INBOUND_NUMBER },
    session: { absoluteDays: e.SESSION_MAX_DAYS, idleDays: e.SESSION_IDLE_DAYS },
  };
}
