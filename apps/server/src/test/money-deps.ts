import { brandById } from '../brand/brands';
import type { Deps } from '../deps';
import { outboxMailer } from '../mail/mailer';
import { outboxPhoneMessenger } from '../mail/phone-messenger';
import { createMetrics } from '../metrics';
import { createChargeEventBus } from '../modules/sessions';
import { createUserEvents } from '../modules/events';
import { createPushSender, resolveVapid } from '../modules/push';
import { shopPurchases } from '../modules/shop';
import { createStationReadModel } from '../modules/stations';
import { createConnections } from '../ocpp/connections';
import { createChargePointGateway } from '../ocpp/gateway';
import {
  createSandboxAcquirer,
  sandboxSecret,
  type SandboxAcquirer,
} from '../payments/sandbox/sandbox-acquirer';
import type { TestServer } from './harness';

// The service functions' dependencies, built from the same parts buildApp uses, over a test
// server's database: tests that call the money code directly (no HTTP) race it against the
// running server itself (its sweep, its acquirer callback route) on the same books.

export type MoneyDeps = Deps & { sandbox: SandboxAcquirer };

export async function moneyDeps(server: TestServer): Promise<MoneyDeps> {
  const { db, config } = server;
  const brand = brandById(config.brand);
  const metrics = createMetrics();
  const sandbox = createSandboxAcquirer({
    db,
    publicUrl: config.publicUrl,
    // The server's own secret: its callback route checks these notifications' signatures.
    secret: await sandboxSecret(db),
    notify: async (url, body, headers) => {
      const response = await server.fetch(url.replace(config.publicUrl, ''), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
      if (!response.ok) throw new Error(`notification answered ${response.status}`);
    },
    retryDelaysMs: [50, 200],
  });
  const push = createPushSender({
    db,
    vapid: await resolveVapid(db, config, brand),
    allowHttpEndpoints: config.push.allowHttpEndpoints,
    log: server.app.log,
  });
  return {
    db,
    config,
    brand,
    mailer: outboxMailer(db),
    phoneMessenger: outboxPhoneMessenger(db),
    now: () => new Date(),
    metrics,
    stationReadModel: await createStationReadModel(db),
    chargePoints: createChargePointGateway({
      db,
      metrics,
      connections: createConnections(),
      callTimeoutMs: config.ocpp.callTimeoutSeconds * 1000,
    }),
    // Money tests start nothing at partners' stations: every roaming command is unreachable.
    roamingLink: {
      startSession: async () => ({ kind: 'failed', reason: 'unreachable' }),
      stopSession: async () => ({ kind: 'failed', reason: 'unreachable' }),
      authorizeToken: async () => ({ kind: 'failed' }),
      reserveNow: async () => ({ kind: 'failed', reason: 'unreachable' }),
      cancelReservation: async () => ({ kind: 'failed', reason: 'unreachable' }),
    },
    chargeEvents: createChargeEventBus(),
    userEvents: createUserEvents({ db, push, log: server.app.log }),
    acquirer: sandbox,
    purchases: shopPurchases,
    sandbox,
  };
}
