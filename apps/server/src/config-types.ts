import type { BrandId } from './brand/brands';
import type { MessageLimits } from './ocpp/message-limit';

// What the server is configured with, as the rest of the code reads it; config.ts reads it
// from the environment (README "Configuration").

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export type Config = {
  port: number;
  host: string;
  /** Unset: the embedded database (PGlite) in `dataDir`. */
  databaseUrl: string | undefined;
  /** Connections to PostgreSQL this instance keeps (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /**
   * Server processes on this machine sharing its port (INSTANCES, instances.ts); each one an
   * instance of its own, with its own pool and in-memory state.
   */
  instances: number;
  dataDir: string;
  brand: BrandId;
  /** Host name → brand, for a deployment that serves several (BRAND_HOSTS); others get `brand`. */
  brandHosts: Record<string, BrandId>;
  publicUrl: string;
  /** DEMO_MODE: the outbox, /dev pages and test-only endpoints exist; never in production. */
  demoMode: boolean;
  /** Origins a link back to the driver may use; default: PUBLIC_URL's origin. */
  allowedOrigins: string[];
  mail: { transport: 'outbox' } | { transport: 'smtp'; smtpUrl: string; from: string };
  acquirer: 'sandbox';
  /**
   * ACQUIRER_SANDBOX_IN_PRODUCTION on a NODE_ENV=production server (staging): the sandbox, a
   * test bank, serves it; said in the log at start and on the bank's page.
   */
  sandboxInProduction: boolean;
  webDist: string;
  /** The staff console's build, served at /admin/. */
  consoleDist: string;
  logLevel: (typeof logLevels)[number];
  seedDemo: boolean;
  trustProxy: boolean;
  /** PEM files: the server answers HTTPS and wss on its port (OCPP security profile 2). */
  tls: { certFile: string; keyFile: string } | undefined;
  /** When set, GET /metrics requires it as a bearer token. */
  metricsToken: string | undefined;
  /** Where rate limits and wrong-password counts are shared between instances (docs/deploy.md). */
  redisUrl: string | undefined;
  push: PushConfig;
  ocpp: OcppConfig;
  ocpi: OcpiConfig;
  charging: ChargingConfig;
  sms: SmsConfig;
  /** Session lifetimes in days (plugins/auth.ts). */
  session: { absoluteDays: number; idleDays: number };
};

export type SmsConfig = {
  /** The secret the SMS gateway sends with inbound messages; unset: outbox (dev) only. */
  inboundSecret: string | undefined;
  /** E.164; unset: a demo number of the brand's country. */
  inboundNumber: string | undefined;
};

export type ChargingConfig = {
  startTimeoutSeconds: number;
  ghostMinutes: number;
  /** How long a StopTransaction may lag a connector reported free (close-without-stop.ts). */
  stopGraceSeconds: number;
  maxSessionsPerUser: number;
  sweepSeconds: number;
  /** Charge events older than this many days are deleted. */
  eventsRetentionDays: number;
  /** Meter readings older than this many days, of sessions done with them, are deleted. */
  samplesRetentionDays: number;
};

export type PushConfig = {
  /** Unset: a pair the server made once, kept in the database (modules/push/vapid.ts). */
  vapid: { publicKey: string; privateKey: string } | undefined;
  /** mailto: or https:; unset: the brand's support e-mail. */
  subject: string | undefined;
  allowHttpEndpoints: boolean;
};

export type OcpiConfig = {
  /** Our party on the roaming network, upper case (OCPI 2.2.1 §16.1 CiString). */
  countryCode: string;
  partyId: string;
  callTimeoutSeconds: number;
  pullMinutes: number;
  registerWith: { versionsUrl: string; tokenA: string }[];
  /** The base of our OCPI URLs (versions: `${publicUrl}/ocpi/versions`). */
  publicUrl: string;
};

export type OcppConfig = {
  heartbeatSeconds: number;
  heartbeatGraceSeconds: number;
  callTimeoutSeconds: number;
  localListSyncSeconds: number;
  /** What one charge point may send (ocpp/message-limit.ts). */
  messageLimits: MessageLimits;
};
