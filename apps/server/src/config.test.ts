import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, repoRoot } from './config';

const demo = { DEMO_MODE: 'true' };

describe('loadConfig', () => {
  it('has working defaults in demo mode: embedded database with demo data, mail in the outbox', () => {
    const config = loadConfig({ DEMO_MODE: 'true' });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, 'data'),
      webDist: path.join(repoRoot, 'apps/web/dist'),
      consoleDist: path.join(repoRoot, 'apps/console/dist'),
      brand: 'demo',
      publicUrl: 'http://localhost:8080',
      demoMode: true,
      mail: { transport: 'outbox' },
      acquirer: 'sandbox',
      logLevel: 'info',
      seedDemo: true,
      trustProxy: false,
      metricsToken: undefined,
    });
  });

  it('reads BRAND and the brands of other host names (BRAND_HOSTS)', () => {
    expect(loadConfig(demo).brandHosts).toEqual({});
    const config = loadConfig({
      ...demo,
      BRAND: 'volt',
      BRAND_HOSTS: ' Volt.Example=volt , evcharge.example=demo,',
    });
    expect(config.brand).toBe('volt');
    expect(config.brandHosts).toEqual({ 'volt.example': 'volt', 'evcharge.example': 'demo' });
  });

  it('reads METRICS_TOKEN', () => {
    const token = 'prometheus-0123456789';
    expect(loadConfig({ ...demo, METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('does not seed a real database unless asked', () => {
    const url = 'postgres://app@db:5432/evcharge';
    expect(loadConfig({ ...demo, DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ ...demo, DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ ...demo, SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('never seeds the demo data in production', () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      ACQUIRER_SANDBOX_IN_PRODUCTION: 'true',
    };
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO=false/);
  });

  it('reads SMTP settings and trims a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail.example.com:587',
      PUBLIC_URL: 'https://ev.example.com/',
      PORT: '9000',
    });
    expect(config.mail).toEqual({
      transport: 'smtp',
      smtpUrl: 'smtp://mail.example.com:587',
      from: 'evcharge <no-reply@evcharge.demo>',
    });
    expect(config.publicUrl).toBe('https://ev.example.com');
    expect(config.port).toBe(9000);
  });

  it('reads the certificate and key for HTTPS and wss together, and the charging settings', () => {
    expect(
      loadConfig({ ...demo, TLS_CERT_FILE: '/etc/tls/cert.pem', TLS_KEY_FILE: '/etc/tls/key.pem' })
        .tls,
    ).toEqual({
      certFile: '/etc/tls/cert.pem',
      keyFile: '/etc/tls/key.pem',
    });
    expect(loadConfig(demo).tls).toBeUndefined();
    expect(() => loadConfig({ TLS_CERT_FILE: '/etc/tls/cert.pem' })).toThrow(/TLS_KEY_FILE/);
    expect(
      loadConfig({
        ...demo,
        CHARGE_GHOST_MINUTES: '30',
        CHARGE_MAX_SESSIONS_PER_USER: '1',
        CHARGE_STOP_GRACE_SECONDS: '45',
        CHARGE_EVENTS_RETENTION_DAYS: '7',
      }).charging,
    ).toEqual({
      startTimeoutSeconds: 90,
      ghostMinutes: 30,
      stopGraceSeconds: 45,
      maxSessionsPerUser: 1,
      sweepSeconds: 5,
      eventsRetentionDays: 7,
      samplesRetentionDays: 180,
    });
    expect(() => loadConfig({ CHARGING_SAMPLES_RETENTION_DAYS: '0' })).toThrow(
      /CHARGING_SAMPLES_RETENTION_DAYS/,
    );
    expect(() => loadConfig({ CHARGE_START_TIMEOUT_SECONDS: '1' })).toThrow(
      /CHARGE_START_TIMEOUT_SECONDS/,
    );
    expect(loadConfig(demo).charging.stopGraceSeconds).toBe(120);
    expect(() => loadConfig({ CHARGE_STOP_GRACE_SECONDS: '0' })).toThrow(
      /CHARGE_STOP_GRACE_SECONDS/,
    );
  });

  it('reads what one charge point may send, and refuses a limit that is none', () => {
    expect(loadConfig(demo).ocpp.messageLimits).toEqual({
      burst: 30,
      perSecond: 3,
      floodFactor: 10,
    });
    expect(
      loadConfig({
        ...demo,
        OCPP_MESSAGE_BURST: '50',
        OCPP_MESSAGES_PER_SECOND: '0.5',
        OCPP_FLOOD_FACTOR: '4',
      }).ocpp.messageLimits,
    ).toEqual({ burst: 50, perSecond: 0.5, floodFactor: 4 });
    for (const [name, bad] of [
      ['OCPP_MESSAGE_BURST', '0'],
      ['OCPP_MESSAGE_BURST', '2.5'],
      ['OCPP_MESSAGES_PER_SECOND', '0'],
      ['OCPP_MESSAGES_PER_SECOND', 'fast'],
      ['OCPP_FLOOD_FACTOR', '1'],
    ] as const) {
      expect(() => loadConfig({ ...demo, [name]: bad })).toThrow(new RegExp(name));
    }
  });

  it('reads DATABASE_POOL_SIZE, 20 connections when unset', () => {
    expect(loadConfig(demo).databasePoolSize).toBe(20);
    expect(loadConfig({ ...demo, DATABASE_POOL_SIZE: '40' }).databasePoolSize).toBe(40);
    for (const bad of ['1', '501', '2.5', 'many']) {
      expect(() => loadConfig({ ...demo, DATABASE_POOL_SIZE: bad })).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('reads INSTANCES: one when unset, auto for one per core, several only on PostgreSQL', () => {
    const pg = { ...demo, DATABASE_URL: 'postgres://evcharge@db.example/evcharge' };
    expect(loadConfig(demo).instances).toBe(1);
    expect(loadConfig({ ...pg, INSTANCES: '4' }).instances).toBe(4);
    expect(loadConfig({ ...pg, INSTANCES: 'auto' }).instances).toBe(availableParallelism());
    for (const bad of ['0', '65', '1.5', 'all']) {
      expect(() => loadConfig({ ...pg, INSTANCES: bad })).toThrow(/INSTANCES: must be a whole/);
    }
    expect(() => loadConfig({ ...demo, INSTANCES: '2' })).toThrow(
      /INSTANCES: several instances need DATABASE_URL/,
    );
    expect(loadConfig({ ...demo, INSTANCES: '1' }).instances).toBe(1);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...demo, DATABASE_URL: '', PORT: '' })).toMatchObject({
      databaseUrl: undefined,
      port: 8080,
    });
  });

  it('sends mail by SMTP outside demo mode and needs SMTP_URL for it', () => {
    const smtp = loadConfig({ SMTP_URL: 'smtps://mail.example.com:465' });
    expect(smtp.demoMode).toBe(false);
    expect(smtp.mail).toMatchObject({ transport: 'smtp', smtpUrl: 'smtps://mail.example.com:465' });
    expect(() => loadConfig({})).toThrow(/SMTP_URL: .*DEMO_MODE=true/);
  });

  it('keeps the outbox to demo mode and demo mode out of production', () => {
    expect(() => loadConfig({ MAIL_TRANSPORT: 'outbox' })).toThrow(/MAIL_TRANSPORT: .*DEMO_MODE/);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_MODE: 'true' })).toThrow(
      /DEMO_MODE: .*set DEMO_MODE=false/,
    );
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://mail.example.com:587',
      ACQUIRER_SANDBOX_IN_PRODUCTION: 'true',
    };
    expect(loadConfig(production).demoMode).toBe(false);
    expect(() => loadConfig({ ...production, MAIL_TRANSPORT: 'outbox' })).toThrow(/MAIL_TRANSPORT/);
  });

  it('refuses the sandbox acquirer (a test bank) in production unless a staging server asks for it', () => {
    const production = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(
      /ACQUIRER: .*sandbox.*ACQUIRER_SANDBOX_IN_PRODUCTION=true/,
    );
    expect(() => loadConfig({ ...production, ACQUIRER: 'sandbox' })).toThrow(/ACQUIRER:/);
    expect(() => loadConfig({ ...production, ACQUIRER_SANDBOX_IN_PRODUCTION: 'false' })).toThrow(
      /ACQUIRER:/,
    );
    expect(() => loadConfig({ ...production, ACQUIRER_SANDBOX_IN_PRODUCTION: 'maybe' })).toThrow(
      /ACQUIRER_SANDBOX_IN_PRODUCTION:/,
    );

    const staging = loadConfig({ ...production, ACQUIRER_SANDBOX_IN_PRODUCTION: 'true' });
    expect(staging.acquirer).toBe('sandbox');
    expect(staging.sandboxInProduction).toBe(true);
    // Outside production the sandbox is the ordinary test bank, said on its page as ever.
    expect(loadConfig(demo).sandboxInProduction).toBe(false);
    expect(loadConfig({ ...demo, ACQUIRER_SANDBOX_IN_PRODUCTION: 'true' }).sandboxInProduction).toBe(
      false,
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ BRAND: 'acme' }, 'BRAND'],
    [{ BRAND_HOSTS: 'volt.example=acme' }, 'BRAND_HOSTS'],
    [{ BRAND_HOSTS: 'volt.example:8080=volt' }, 'BRAND_HOSTS'],
    [{ BRAND_HOSTS: 'volt.example' }, 'BRAND_HOSTS'],
    [{ BRAND_HOSTS: 'a.example=volt,A.example=demo' }, 'BRAND_HOSTS'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ MAIL_TRANSPORT: 'pigeon' }, 'MAIL_TRANSPORT'],
    [{ MAIL_TRANSPORT: 'smtp' }, 'SMTP_URL'],
    [{ DEMO_MODE: 'maybe' }, 'DEMO_MODE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ ACQUIRER: 'bank' }, 'ACQUIRER'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'has a space in the middle' }, 'METRICS_TOKEN'],
  ])('refuses %j naming %s', (env, name) => {
    expect(() => loadConfig({ ...demo, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...demo, ...env })).toThrow(new RegExp(`${name}:`));
  });
});
