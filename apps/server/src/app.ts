import { readFile } from 'node:fs/promises';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { brandById } from './brand/brands';
import type { Config } from './config';
import { notify, type Database, type Db } from './db/client';
import type { Deps } from './deps';
import { registerJsonBody } from './http/json-body';
import { registerTextGuard } from './http/text-guard';
import { validatorCompiler } from './http/validation';
import { lazyChildLoggerFactory, loggerOptions, newRequestId } from './logger';
import { outboxMailer, type Mailer } from './mail/mailer';
import { smtpMailer } from './mail/smtp';
import { outboxPhoneMessenger, type PhoneMessenger } from './mail/phone-messenger';
import { createMetrics } from './metrics';
import { createAcquirer } from './payments/create-acquirer';
import type { Notify } from './payments/sandbox/notifier';
import {
  authRoutes,
  findSessionByTokenHash,
  findUserIdByTokenHash,
  touchAccessToken,
} from './modules/auth';
import { analyticsRoutes } from './modules/analytics';
import { brandRoutes } from './modules/brand';
import { devRoutes } from './modules/dev';
import { opsRoutes } from './modules/ops';
import { carRoutes } from './modules/cars';
import { loyaltyRoutes } from './modules/loyalty';
import { favouriteRoutes } from './modules/favourites';
import { feedbackRoutes } from './modules/feedbacks';
import { messageRoutes } from './modules/messages';
import { companyRoutes } from './modules/companies';
import { createUserEvents, eventRoutes, tellFavouriteFree } from './modules/events';
import { createPushSender, pushRoutes, resolveVapid } from './modules/push';
import { phoneRoutes } from './modules/phone';
import { privateStationRoutes } from './modules/private-stations';
import { paymentRoutes } from './modules/payments';
import { receiptRoutes } from './modules/receipts';
import { shopPurchases, shopRoutes } from './modules/shop';
import {
  reservationRoutes,
  startReservationSweep,
  withdrawClosedReservations,
} from './modules/reservations';
import { runEvery } from './repeat';
import {
  cpoSessionPushes,
  roamingLink,
  startRoamingPull,
  statusPushes,
  tokenPushes,
} from './modules/roaming';
import { rfidReader, rfidRoutes, startLocalListSync } from './modules/rfid';
import {
  CHARGE_EVENTS_CHANNEL,
  chargeRoutes,
  createChargeEventBus,
  sessionChargePointEvents,
  startSessionSweep,
  startRetentionSweep,
} from './modules/sessions';
import { accountRoutes } from './modules/account';
import {
  createStationReadModel,
  sharedReadModel,
  STATION_CHANGES_CHANNEL,
  reportConnectorStatus,
  setConnectorStatus,
  setStationUnavailable,
  stationRoutes,
  type ConnectorStatusDeps,
} from './modules/stations';
import { userRoutes } from './modules/users';
import { createConnections } from './ocpp/connections';
import { createCommandRelay } from './ocpp/command-relay';
import { createChargePointGateway } from './ocpp/gateway';
import type { OcppDeps } from './ocpp/context';
import { registerOcppServer } from './ocpp/socket-server';
import { registerAuth } from './plugins/auth';
import { registerBrand } from './plugins/brand';
import { errorHandler, registerErrorHandler } from './plugins/errors';
import { registerIdempotency } from './http/idempotency';
import { metricsRoute, registerMetrics } from './plugins/metrics';
import { openApiRoute, registerOpenApi } from './plugins/openapi';
import { defaultPressureLimits, registerPressure, type PressureLimits } from './plugins/pressure';
import {
  defaultRateLimits,
  limitsPerInstance,
  registerRateLimit,
  type RateLimits,
} from './plugins/rate-limit';
import {
  clientErrorAnswer,
  registerSecurityHeaders,
  securityHeaders,
  withSecurityHeaders,
} from './plugins/security';
import { registerWeb } from './plugins/web';
import { ocpiRoutes } from './ocpi/routes';

export type AppOptions = {
  config: Config;
  /**
   * The caller opens, migrates (and seeds) the database before: the station read model loads
   * it here (server.ts, the test harness).
   */
  db: Db;
  /**
   * LISTEN on the database (Database.listen): instances on one database wake each other's
   * long polls. Without it, events reach this instance's polls only.
   */
  listen?: Database['listen'];
  /** Defaults to the transport MAIL_TRANSPORT names. */
  mailer?: Mailer;
  /** SMS and calls; defaults to the outbox (a real gateway plugs in here). */
  phoneMessenger?: PhoneMessenger;
  rateLimits?: Partial<RateLimits>;
  /** When to answer 503 instead of taking more work; defaults: `defaultPressureLimits`. */
  pressure?: Partial<PressureLimits>;
  /** How the sandbox acquirer posts its notifications; defaults to fetch. */
  acquirerNotify?: Notify;
  /** The clock of sign-in locks and session lifetimes; defaults to the system clock. */
  now?: () => Date;
  /** Defaults to JSON logs at LOG_LEVEL; tests pass false. */
  logger?: FastifyServerOptions['logger'];
};

export const BODY_LIMIT_BYTES = 1024 * 1024;

function defaultMailer(config: Config, db: Db): Mailer {
  return config.mail.transport === 'smtp'
    ? smtpMailer(config.mail.smtpUrl, config.mail.from)
    : outboxMailer(db);
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  // With a certificate, HTTPS and wss on the same port (OCPP security profile 2).
  const https = config.tls && {
    cert: await readFile(config.tls.certFile),
    key: await readFile(config.tls.keyFile),
  };
  // The security headers of every answer, of every status (plugins/security.ts).
  const security = await securityHeaders(config);
  const app = Fastify({
    ...(https ? { https } : {}),
    logger: options.logger ?? loggerOptions(config.logLevel),
    childLoggerFactory: lazyChildLoggerFactory,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: newRequestId,
    // A malformed URL (bad percent-encoding, an over-long parameter) gets the JSON error body
    // and the headers too, as does what Node's parser refuses before Fastify (431, 400).
    frameworkErrors: withSecurityHeaders(security, errorHandler),
    clientErrorHandler: clientErrorAnswer(security),
    // The shutdown in server.ts waits for open requests; keep-alive sockets must not hold it.
    forceCloseConnections: 'idle',
  });
  registerJsonBody(app);
  // request.brand: the brand of the host asked (BRAND_HOSTS), else the deployment's (BRAND).
  registerBrand(app, config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const now = options.now ?? (() => new Date());
  registerAuth(
    app,
    {
      find: (tokenHash) => findSessionByTokenHash(db, tokenHash),
      findUserId: (tokenHash) => findUserIdByTokenHash(db, tokenHash),
      touch: (tokenId, at) => touchAccessToken(db, tokenId, at),
    },
    { ...config.session, now },
  );
  registerErrorHandler(app);
  registerIdempotency(app, db);

  // Per app, not prom-client's global registry: tests build many apps in one process.
  const metrics = createMetrics();
  const ocppConnections = createConnections();
  // Web Push with the VAPID pair of the environment, or the one kept in the database.
  const push = createPushSender({
    db,
    vapid: await resolveVapid(db, config, brandById(config.brand)),
    allowHttpEndpoints: config.push.allowHttpEndpoints,
    log: app.log,
  });
  const acquirer = await createAcquirer(app, { db, config, notify: options.acquirerNotify });
  const gateway = createChargePointGateway({
    db,
    metrics,
    connections: ocppConnections,
    callTimeoutMs: config.ocpp.callTimeoutSeconds * 1000,
  });
  const deps: Deps = {
    db,
    config,
    brand: brandById(config.brand),
    mailer: options.mailer ?? defaultMailer(config, db),
    phoneMessenger: options.phoneMessenger ?? outboxPhoneMessenger(db),
    metrics,
    stationReadModel: await createStationReadModel(db, { now }),
    chargePoints: gateway,
    // OCPI 2.2.1 commands to partners' charge points (modules/roaming/commands.ts).
    roamingLink: roamingLink(() => deps, app.log),
    userEvents: createUserEvents({ db, push, log: app.log }),
    acquirer: acquirer.acquirer,
    purchases: shopPurchases,
    now,
    chargeEvents: createChargeEventBus(
      options.listen ? (userId) => notify(db, CHARGE_EVENTS_CHANNEL, userId) : undefined,
      (error) => app.log.warn({ err: error }, 'charge event NOTIFY failed'),
    ),
  };
  if (options.listen) {
    // Station and connector changes reach every instance's read model (stations/shared-read-model.ts).
    const stations = sharedReadModel(
      deps.stationReadModel,
      (payload) =>
        void notify(db, STATION_CHANGES_CHANNEL, payload).catch((error: unknown) =>
          app.log.warn({ err: error }, 'station change NOTIFY failed'),
        ),
      (error) => app.log.warn({ err: error }, 'station change from another instance failed'),
    );
    deps.stationReadModel = stations.model;
    const unlistenStations = await options.listen(STATION_CHANGES_CHANNEL, stations.receive);
    app.addHook('onClose', async () => {
      await unlistenStations();
    });
    const unlisten = await options.listen(CHARGE_EVENTS_CHANNEL, (userId) =>
      deps.chargeEvents.deliver(userId),
    );
    // Commands for charge points whose socket is on another instance go over the database.
    const relay = await createCommandRelay({
      db,
      listen: options.listen,
      runLocal: gateway.runLocal,
      onError: (error) => app.log.warn({ err: error }, 'relayed OCPP command failed'),
    });
    gateway.attachRelay(relay);
    app.addHook('onClose', async () => {
      await relay.close();
      await unlisten();
    });
  }
  // OCPI 2.2.1 §9, §10: a partner's driver's session at our station goes on to the partner as
  // it changes; its account's news on the event bus is the cue (a sweep retries the rest).
  const roamingSessions = cpoSessionPushes(deps, app.log);
  const bus = deps.chargeEvents;
  deps.chargeEvents = {
    ...bus,
    notify(userId) {
      bus.notify(userId);
      roamingSessions.userNotified(userId);
    },
  };
  deps.metrics.chargeLongPolls.source = () => deps.chargeEvents.waiting();
  app.decorate('stationReadModel', deps.stationReadModel);
  app.decorate('chargePoints', gateway);
  // Several instances count rate limits and wrong passwords together in Redis (docs/deploy.md);
  // without it, the instances of one machine (INSTANCES) each count a share of every limit.
  const limits = limitsPerInstance(
    { ...defaultRateLimits, ...options.rateLimits },
    config.redisUrl ? 1 : config.instances,
  );
  const redis = config.redisUrl
    ? new (await import('ioredis')).Redis(config.redisUrl, {
        maxRetriesPerRequest: 1,
        connectTimeout: 2000,
      })
    : undefined;
  redis?.on('error', (error) => app.log.warn({ err: error }, 'redis'));
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  registerMetrics(app, deps.metrics);
  // OCPP sockets share the HTTP port: upgrades on /ocpp/{id}, outside Fastify's routes.
  // Valid messages go on to the sessions (transactions) and stations (connector statuses).
  const roamingStatus = statusPushes(deps, app.log);
  // OCPI 2.2.1 §12: roaming partners hear our drivers' tokens change (tags, accounts).
  const roamingTokens = tokenPushes(deps, app.log);
  const connectorStatuses: ConnectorStatusDeps = {
    db,
    stationReadModel: deps.stationReadModel,
    // A favourite became free: its likers hear of it in the background of the OCPP message.
    whenStationFreed: (stationId, at) =>
      deps.userEvents.inBackground(() => tellFavouriteFree(deps, stationId, at)),
    // OCPI 2.2.1 §8.2.2.3: roaming partners hear our connectors' statuses.
    whenStatusChanged: roamingStatus.statusChanged,
  };
  // OCPP 1.6 §3.5.3: the charge points' local lists follow the drivers' tags.
  const localList = startLocalListSync(deps, app.log, config.ocpp.localListSyncSeconds);
  const sessionEvents = sessionChargePointEvents(deps);
  // The RFID wizard hears a station's reader and connectors before the sessions do.
  const reader = rfidReader(deps, sessionEvents, localList);
  const ocppDeps: OcppDeps = {
    db,
    config,
    metrics,
    events: {
      ...sessionEvents,
      authorize: reader.authorize,
      sessionConnectorStatus: reader.sessionConnectorStatus,
      booted: (from) => reader.booted(from.chargePointId),
      connectorStatus: (stationId, number, status, at) =>
        setConnectorStatus(connectorStatuses, stationId, number, status, at),
      connectorReported: (report) => reportConnectorStatus(connectorStatuses, report),
      stationUnavailable: async (stationId, at) => {
        await setStationUnavailable(connectorStatuses, stationId, at);
        await reader.stationUnavailable(stationId);
      },
    },
  };
  registerOcppServer(app, ocppDeps, ocppConnections, gateway);

  // Security headers and the request id on every answer, then load shedding, so a refused request costs little;
  // the plugins that watch route registration come before every route.
  registerSecurityHeaders(app, security);
  // No NUL (in a URL or a body no contract validates) reaches a handler or the database.
  registerTextGuard(app);
  await registerPressure(app, { ...defaultPressureLimits, ...options.pressure });
  await registerRateLimit(app, limits, redis);
  await registerOpenApi(app, deps.brand, config.publicUrl);

  opsRoutes(app, db);
  metricsRoute(app, deps.metrics, config.metricsToken);
  openApiRoute(app);
  authRoutes(app, deps, limits, redis);
  userRoutes(app, deps);
  accountRoutes(app, deps, limits, roamingTokens.accountClosing);
  brandRoutes(app);
  analyticsRoutes(app, deps, limits, redis);
  stationRoutes(app, deps);
  // A private station's owner or terms changed: the charge point's local list follows its
  // owner, and others' reservations outside the new shared hours are withdrawn.
  privateStationRoutes(app, deps, async (stationId) => {
    localList.tagsChanged();
    await withdrawClosedReservations(deps, stationId);
  });
  chargeRoutes(app, deps);
  carRoutes(app, deps);
  loyaltyRoutes(app, deps);
  favouriteRoutes(app, deps);
  companyRoutes(app, deps, limits);
  eventRoutes(app, deps);
  pushRoutes(app, deps, push);
  phoneRoutes(app, deps, limits);
  paymentRoutes(app, deps, limits);
  acquirer.registerRoutes();
  receiptRoutes(app, deps);
  shopRoutes(app, deps, limits);
  reservationRoutes(app, deps);
  rfidRoutes(app, deps, localList, roamingTokens.tagChanged);
  feedbackRoutes(app, deps, limits);
  messageRoutes(app, deps, limits);
  // Roaming partners speak OCPI 2.2.1 under /ocpi (ocpi/routes.ts).
  ocpiRoutes(app, deps);
  app.decorate('localList', localList);
  app.decorate('roamingStatus', roamingStatus);
  app.decorate('roamingTokens', roamingTokens);
  app.decorate('roamingSessions', roamingSessions);
  // Open long polls answer at once when the server closes (graceful shutdown).
  app.addHook('preClose', (done) => {
    deps.chargeEvents.close();
    done();
  });
  const stopSweep = startSessionSweep(deps, app.log);
  const stopRetentionSweep = startRetentionSweep(deps, app.log);
  const stopReservationSweep = startReservationSweep(deps, app.log);
  const stopRoamingPull = startRoamingPull(deps, app.log);
  // What a partner could not be sent goes again each minute.
  const stopSessionResend = runEvery(60, () => roamingSessions.sweep(), app.log, 'roaming session resend');
  app.addHook('onClose', async () => {
    await stopSessionResend();
    deps.stationReadModel.close();
    await stopSweep();
    await stopRetentionSweep();
    await stopReservationSweep();
    await stopRoamingPull();
    await roamingStatus.settled();
    await roamingTokens.settled();
    await roamingSessions.settled();
    await localList.stop();
  });
  // Notifications still being pushed go out before the database closes.
  app.addHook('onClose', () => deps.userEvents.settled());
  // The outbox and the developer pages exist only in demo mode (config.ts DEMO_MODE).
  if (config.demoMode) devRoutes(app, deps);
  await registerWeb(app, {
    webDist: config.webDist,
    consoleDist: config.consoleDist,
  });

  return app;
}
